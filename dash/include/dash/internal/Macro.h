#ifndef DASH_INTERNAL_MACRO_H
#define DASH_INTERNAL_MACRO_H

// DASH's helper macros: dash__unused(x) marks a value as used,
// dash__tostr/dash__toxstr stringify (the latter after expansion).

#define dash__tostr(s) #s
#define dash__toxstr(s) dash__tostr(s)
#define dash__unused(x) (void)(x)

#ifndef NOINLINE_ATTRIBUTE
#define NOINLINE_ATTRIBUTE
#endif

#endif  // DASH_INTERNAL_MACRO_H
