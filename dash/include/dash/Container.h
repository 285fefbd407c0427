#ifndef DASH_CONTAINER_H
#define DASH_CONTAINER_H

// All of DASH's containers: the static ones (Array, Matrix/NArray,
// Coarray) and the dynamic ones (List, UnorderedMap). The element type
// trait is_container_compatible is in Types.h.

#include <dash/Array.h>
#include <dash/Coarray.h>
#include <dash/List.h>
#include <dash/Matrix.h>
#include <dash/Types.h>
#include <dash/UnorderedMap.h>

#endif  // DASH_CONTAINER_H
