#!/bin/sh
# package.out_of_tree (cmake/MvpPackage.cmake): installs the build into a fresh prefix, checks
# that the install holds what doc/packaging.md promises, then builds the programs of this
# directory outside the repository against it, with find_package(MvpTlm) and with pkg-config,
# and runs them; also builds sw/apps/clinfo against the installed OpenCL libraries (directly,
# and through the Khronos ICD loader with the installed mvp.icd when the loader is there).
#
# usage: package_test.sh ENV_FILE   (written by cmake/MvpPackage.cmake into the build dir)
# shellcheck disable=SC2154  # the settings come from ENV_FILE
set -eu

fail() {
    echo "package_test: $*" >&2
    [ -z "${left_out:-}" ] ||
        echo "package_test: left out of the libraries at configure time: $left_out" >&2
    exit 1
}

[ $# -eq 1 ] || fail "usage: package_test.sh ENV_FILE"
# shellcheck disable=SC1090
. "$1"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
prefix=$work/prefix
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

rm -rf "$work"
mkdir -p "$work"

# The install. With MVP_INSTALL_ICD=ON the default install also registers mvp.icd system-wide:
# only the package's own component goes into the test prefix.
component=""
[ "$install_icd" = ON ] && component="--component Unspecified"
# shellcheck disable=SC2086
"$cmake" --install "$build" --prefix "$prefix" $component >"$work/install.log" 2>&1 ||
    fail "cmake --install failed, see $work/install.log"

# What the package promises.
for f in "$libdir/$gpu_file" "$libdir/$gpu_soname" "$libdir/libmvp-gpu.so" \
    "$libdir/$host_file" "$libdir/$host_soname" "$libdir/libmvp-host.so" \
    "$libdir/mvp/$opencl_soname" "$libdir/$icd_soname" "$datadir/OpenCL/vendors/mvp.icd" \
    "$libdir/cmake/MvpTlm/MvpTlmConfig.cmake" "$libdir/cmake/MvpTlm/MvpTlmConfigVersion.cmake" \
    "$libdir/cmake/MvpTlm/MvpTlmTargets.cmake" "$libdir/pkgconfig/mvp-gpu.pc" \
    "$libdir/pkgconfig/mvp-host.pc" "$datadir/config/mvp_v2_1.config" \
    "$datadir/config/mvp_1sp.config" "$includedir/modules/hierarchy/gpu.h" \
    "$includedir/platforms/mvp/platform.h" "$includedir/sw/toolchain/build.h" \
    "$includedir/sw/host/device.h" "$bindir/mvpsim" "$bindir/mvp-as" "$bindir/mvp-ld" \
    "$bindir/mvp-objdump" "$bindir/mvp-clc" "$bindir/mvp-trace-diff" "$bindir/mvp-vcd2commit" \
    "$datadir/config/vcd2commit/mvp_model.map"; do
    [ -e "$prefix/$f" ] || fail "the install lacks $f"
done
soname=$(readelf -d "$prefix/$libdir/$gpu_file" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = "$gpu_soname" ] || fail "$gpu_file has soname '$soname', expected $gpu_soname"
needed=$(readelf -d "$prefix/$libdir/$gpu_file" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p')
echo "$needed" | grep -q '^libsystemc' || fail "$gpu_file does not state libsystemc"
echo "$needed" | grep -q 'mvp-host\|OpenCL' && fail "$gpu_file depends on software: $needed"
grep -qx "$prefix/$libdir/$icd_soname" "$prefix/$datadir/OpenCL/vendors/mvp.icd" ||
    fail "mvp.icd does not name $prefix/$libdir/$icd_soname"
[ -z "$(find "$prefix/$includedir" -name tests)" ] || fail "test directories installed"

# Every header includes only installed headers (by repository path or beside itself), and no
# hardware header includes software.
(cd "$prefix/$includedir" && find . -name '*.h' | sed 's|^\./||' | sort) >"$work/headers"
while read -r h; do
    dir=$(dirname "$h")
    sed -n 's/^#include "\(.*\)".*/\1/p' "$prefix/$includedir/$h" >"$work/includes"
    while read -r inc; do
        [ -e "$prefix/$includedir/$inc" ] || [ -e "$prefix/$includedir/$dir/$inc" ] ||
            fail "installed header $h includes \"$inc\", which is not installed"
        case "$h:$inc" in
        modules/*:sw/* | platforms/*:sw/*) fail "hardware header $h includes \"$inc\"" ;;
        esac
    done <"$work/includes"
done <"$work/headers"
[ -s "$work/headers" ] || fail "no headers installed"

# A package built with sanitizers (scripts/sanitize) is used as its users would have to: by
# programs built with the same -fsanitize, so that the sanitizer runtime comes first.
san=${sanitize:+-fsanitize=$sanitize}

# find_package(MvpTlm): configure and build tb/package out of tree, run both programs.
"$cmake" -S "$here" -B "$work/consumer" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_CXX_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" \
    -DMVP_REQUIRED_VERSION="$version" >"$work/consumer.log" 2>&1 ||
    fail "configuring tb/package against the prefix failed, see $work/consumer.log"
"$cmake" --build "$work/consumer" -j 2 >>"$work/consumer.log" 2>&1 ||
    fail "building tb/package against the prefix failed, see $work/consumer.log"
config=$prefix/$datadir/config/mvp_1sp.config
"$work/consumer/gpu_main" "$config" || fail "gpu_main (find_package) failed"
"$work/consumer/host_main" "$config" || fail "host_main (find_package) failed"

# pkg-config: the same program with a plain compiler command.
PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export PKG_CONFIG_PATH
flags=$("$pkg_config" --cflags --libs mvp-gpu) || fail "pkg-config mvp-gpu failed"
[ "$("$pkg_config" --modversion mvp-gpu)" = "$version" ] || fail "mvp-gpu.pc is not $version"
# shellcheck disable=SC2086
"$cxx" -O1 $san -o "$work/gpu_main_pc" "$here/gpu_main.cpp" $flags \
    -Wl,-rpath,"$prefix/$libdir" >"$work/pkg-config.log" 2>&1 ||
    fail "g++ \$(pkg-config --cflags --libs mvp-gpu) failed, see $work/pkg-config.log"
"$work/gpu_main_pc" "$config" || fail "gpu_main (pkg-config) failed"

# The OpenCL libraries: libOpenCL.so linked directly, libMvpOpenCL.so through the loader.
clinfo_src=$root/sw/apps/clinfo/clinfo.c
"$cc" $san -o "$work/clinfo_direct" "$clinfo_src" -I"$opencl_include" -DCL_TARGET_OPENCL_VERSION=120 \
    -L"$prefix/$libdir/mvp" -lOpenCL -Wl,-rpath,"$prefix/$libdir/mvp" \
    >"$work/opencl.log" 2>&1 || fail "building clinfo against lib/mvp/libOpenCL failed"
MVP_FUNCTIONAL=1 "$work/clinfo_direct" | grep -qx 'platform name: MVP-TLM' ||
    fail "clinfo linked with the installed libOpenCL does not find the MVP platform"
echo "package_test: installed libOpenCL offers the MVP-TLM platform"
if [ -n "$opencl_loader" ]; then
    "$cc" $san -o "$work/clinfo_icd" "$clinfo_src" -I"$opencl_include" \
        -DCL_TARGET_OPENCL_VERSION=120 "$opencl_loader" >>"$work/opencl.log" 2>&1 ||
        fail "building clinfo against the ICD loader failed"
    OCL_ICD_VENDORS=$prefix/$datadir/OpenCL/vendors/mvp.icd MVP_FUNCTIONAL=1 \
        "$work/clinfo_icd" | grep -qx 'platform name: MVP-TLM' ||
        fail "the ICD loader with the installed mvp.icd does not find the MVP platform"
    echo "package_test: the ICD loader with the installed mvp.icd offers the MVP-TLM platform"
fi
echo "package_test: the installed package in $prefix works"
