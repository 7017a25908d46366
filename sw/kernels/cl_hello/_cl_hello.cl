// The OpenCL C source of _cl_hello.s, the seed kernel. The seed's assembly stores to every
// output[i] (0.0f when i >= count), unlike sw/apps/square/square.cl, which leaves those
// elements alone: this source computes what the assembly does.
__kernel void square(
   __global float* input,
   __global float* output,
   const unsigned int count)
{
   int i = get_global_id(0);
   float r = 0.0f;
   if(i < count)
       r = input[i] * input[i];
   output[i] = r;
}
