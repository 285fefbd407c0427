#ifndef DASH_INTERNAL_ANNOTATION_H
#define DASH_INTERNAL_ANNOTATION_H

// dash::prevent_opt_elimination: keeps the compiler from removing a
// computation whose result is otherwise unused (benchmarks).

namespace dash {

/// A compiler barrier: memory is assumed read and written here.
inline void prevent_opt_elimination() { asm volatile("" ::: "memory"); }

/// Makes `var` look used and possibly modified to the optimizer.
template <typename T>
void prevent_opt_elimination(T &&var) {
  asm volatile("" : : "g"(&var) : "memory");
}

}  // namespace dash

#endif  // DASH_INTERNAL_ANNOTATION_H
