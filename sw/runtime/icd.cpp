// The dispatch table of the ICD loader, filled with the runtime's entry points.

// The table holds the deprecated entry points as well.
#define CL_USE_DEPRECATED_OPENCL_1_0_APIS
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#include "icd.h"

#include <CL/cl.h>

namespace mvp::runtime {

namespace {

// In table order (CL/cl_icd.h); every other entry stays NULL.
cl_icd_dispatch make_dispatch() {
    cl_icd_dispatch d = {};
    d.clGetPlatformIDs = clGetPlatformIDs;
    d.clGetPlatformInfo = clGetPlatformInfo;
    d.clGetDeviceIDs = clGetDeviceIDs;
    d.clGetDeviceInfo = clGetDeviceInfo;
    d.clCreateContext = clCreateContext;
    d.clCreateContextFromType = clCreateContextFromType;
    d.clRetainContext = clRetainContext;
    d.clReleaseContext = clReleaseContext;
    d.clGetContextInfo = clGetContextInfo;
    d.clCreateCommandQueue = clCreateCommandQueue;
    d.clRetainCommandQueue = clRetainCommandQueue;
    d.clReleaseCommandQueue = clReleaseCommandQueue;
    d.clGetCommandQueueInfo = clGetCommandQueueInfo;
    d.clSetCommandQueueProperty = clSetCommandQueueProperty;
    d.clCreateBuffer = clCreateBuffer;
    d.clCreateImage2D = clCreateImage2D;
    d.clCreateImage3D = clCreateImage3D;
    d.clRetainMemObject = clRetainMemObject;
    d.clReleaseMemObject = clReleaseMemObject;
    d.clGetSupportedImageFormats = clGetSupportedImageFormats;
    d.clGetMemObjectInfo = clGetMemObjectInfo;
    d.clGetImageInfo = clGetImageInfo;
    d.clCreateSampler = clCreateSampler;
    d.clRetainSampler = clRetainSampler;
    d.clReleaseSampler = clReleaseSampler;
    d.clGetSamplerInfo = clGetSamplerInfo;
    d.clCreateProgramWithSource = clCreateProgramWithSource;
    d.clCreateProgramWithBinary = clCreateProgramWithBinary;
    d.clRetainProgram = clRetainProgram;
    d.clReleaseProgram = clReleaseProgram;
    d.clBuildProgram = clBuildProgram;
    d.clUnloadCompiler = clUnloadCompiler;
    d.clGetProgramInfo = clGetProgramInfo;
    d.clGetProgramBuildInfo = clGetProgramBuildInfo;
    d.clCreateKernel = clCreateKernel;
    d.clCreateKernelsInProgram = clCreateKernelsInProgram;
    d.clRetainKernel = clRetainKernel;
    d.clReleaseKernel = clReleaseKernel;
    d.clSetKernelArg = clSetKernelArg;
    d.clGetKernelInfo = clGetKernelInfo;
    d.clGetKernelWorkGroupInfo = clGetKernelWorkGroupInfo;
    d.clWaitForEvents = clWaitForEvents;
    d.clGetEventInfo = clGetEventInfo;
    d.clRetainEvent = clRetainEvent;
    d.clReleaseEvent = clReleaseEvent;
    d.clGetEventProfilingInfo = clGetEventProfilingInfo;
    d.clFlush = clFlush;
    d.clFinish = clFinish;
    d.clEnqueueReadBuffer = clEnqueueReadBuffer;
    d.clEnqueueWriteBuffer = clEnqueueWriteBuffer;
    d.clEnqueueCopyBuffer = clEnqueueCopyBuffer;
    d.clEnqueueReadImage = clEnqueueReadImage;
    d.clEnqueueWriteImage = clEnqueueWriteImage;
    d.clEnqueueCopyImage = clEnqueueCopyImage;
    d.clEnqueueCopyImageToBuffer = clEnqueueCopyImageToBuffer;
    d.clEnqueueCopyBufferToImage = clEnqueueCopyBufferToImage;
    d.clEnqueueMapBuffer = clEnqueueMapBuffer;
    d.clEnqueueMapImage = clEnqueueMapImage;
    d.clEnqueueUnmapMemObject = clEnqueueUnmapMemObject;
    d.clEnqueueNDRangeKernel = clEnqueueNDRangeKernel;
    d.clEnqueueTask = clEnqueueTask;
    d.clEnqueueNativeKernel = clEnqueueNativeKernel;
    d.clEnqueueMarker = clEnqueueMarker;
    d.clEnqueueWaitForEvents = clEnqueueWaitForEvents;
    d.clEnqueueBarrier = clEnqueueBarrier;
    d.clGetExtensionFunctionAddress = clGetExtensionFunctionAddress;
    d.clSetEventCallback = clSetEventCallback;
    d.clCreateSubBuffer = clCreateSubBuffer;
    d.clSetMemObjectDestructorCallback = clSetMemObjectDestructorCallback;
    d.clCreateUserEvent = clCreateUserEvent;
    d.clSetUserEventStatus = clSetUserEventStatus;
    d.clEnqueueReadBufferRect = clEnqueueReadBufferRect;
    d.clEnqueueWriteBufferRect = clEnqueueWriteBufferRect;
    d.clEnqueueCopyBufferRect = clEnqueueCopyBufferRect;
    d.clCreateSubDevices = clCreateSubDevices;
    d.clRetainDevice = clRetainDevice;
    d.clReleaseDevice = clReleaseDevice;
    d.clCreateImage = clCreateImage;
    d.clCreateProgramWithBuiltInKernels = clCreateProgramWithBuiltInKernels;
    d.clCompileProgram = clCompileProgram;
    d.clLinkProgram = clLinkProgram;
    d.clUnloadPlatformCompiler = clUnloadPlatformCompiler;
    d.clGetKernelArgInfo = clGetKernelArgInfo;
    d.clEnqueueFillBuffer = clEnqueueFillBuffer;
    d.clEnqueueFillImage = clEnqueueFillImage;
    d.clEnqueueMigrateMemObjects = clEnqueueMigrateMemObjects;
    d.clEnqueueMarkerWithWaitList = clEnqueueMarkerWithWaitList;
    d.clEnqueueBarrierWithWaitList = clEnqueueBarrierWithWaitList;
    d.clGetExtensionFunctionAddressForPlatform = clGetExtensionFunctionAddressForPlatform;
    return d;
}

}  // namespace

const cl_icd_dispatch* icd_dispatch() {
    static const cl_icd_dispatch table = make_dispatch();
    return &table;
}

}  // namespace mvp::runtime
