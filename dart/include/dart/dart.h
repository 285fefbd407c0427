/**
 * @file dart/dart.h
 * DART: a PGAS runtime on MPI-3. Include this header; it brings in the five
 * parts of the API, one header each.
 */
#ifndef DART_DART_H
#define DART_DART_H

#include "types.h"
#include "init.h"
#include "team.h"
#include "sync.h"
#include "globmem.h"
#include "communication.h"
#include "locality.h"
#include "domain.h"

#endif /* DART_DART_H */
