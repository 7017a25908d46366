#include "object.h"

#include <unordered_map>

namespace mvp::runtime {

namespace {

std::unordered_map<const void*, Object*>& live_handles() {
    // Never destroyed: objects the application leaks may be released from atexit handlers.
    static auto* table = new std::unordered_map<const void*, Object*>();
    return *table;
}

}  // namespace

void Object::release() {
    if (--references_ > 0) return;
    unregister_handle(handle_);
    delete this;
}

void register_handle(const void* handle, Object* object) { live_handles()[handle] = object; }

void unregister_handle(const void* handle) { live_handles().erase(handle); }

Object* find_object(const void* handle) {
    auto it = live_handles().find(handle);
    return it == live_handles().end() ? nullptr : it->second;
}

}  // namespace mvp::runtime
