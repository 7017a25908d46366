# Run at build time (cmake -P): copies the system's POCL vendor file into the build's vendor
# directory beside mvp.icd, or removes a stale copy, so that OCL_ICD_VENDORS=<that directory>
# offers the MVP platform beside POCL. Arguments: -DSOURCE=<path of pocl.icd> -DDIR=<directory>.
get_filename_component(name "${SOURCE}" NAME)
if(EXISTS "${SOURCE}")
    file(COPY "${SOURCE}" DESTINATION "${DIR}")
elseif(EXISTS "${DIR}/${name}")
    file(REMOVE "${DIR}/${name}")
endif()
