#ifndef DASH_DART_IF_DART_LOCALITY_H
#define DASH_DART_IF_DART_LOCALITY_H

// DASH's locality domain tree (DASH's header name), built on
// dart_unit_node and dart_unit_places (<dart/locality.h>): a team's tree is
// made on first use, locally, from the places of the team's units (read
// one-sidedly from them in one batch: O(team size) time and memory on the
// unit that builds it, and only there), so every call here is local (no
// other unit needs to take part). A team's tree belongs
// to the library (freed at dash::finalize or dart_team_locality_finalize);
// trees from dart_domain_create/clone belong to the caller
// (dart_domain_destroy). Every call returns DART_ERR_INVAL for NULL
// arguments, unknown tags, teams or scopes. Threads: any, except that one
// tree must not be changed (select, exclude, group, assign) by one thread
// while another uses it.

#include <dash/dart/if/dart_types.h>

/// Makes the team's tree now (it is otherwise made on first use).
dart_ret_t dart_team_locality_init(dart_team_t team);
/// Frees the team's tree; pointers into it become invalid.
dart_ret_t dart_team_locality_finalize(dart_team_t team);
/// The domain of the team's tree with tag `domain_tag` ("." is the root).
dart_ret_t dart_domain_team_locality(dart_team_t team, const char *domain_tag,
                                     dart_domain_locality_t **team_domain_out);
/// A new empty domain (tag ".", no units), owned by the caller.
dart_ret_t dart_domain_create(dart_domain_locality_t **domain_out);
/// A deep copy of `domain_in` and its subdomains, owned by the caller; the
/// copy has no parent.
dart_ret_t dart_domain_clone(const dart_domain_locality_t *domain_in, dart_domain_locality_t **domain_out);
/// Frees what `domain` holds (subdomains, unit list) and, if it came from
/// dart_domain_create/clone, the domain itself. A domain of a team's tree:
/// DART_ERR_INVAL (use dart_team_locality_finalize).
dart_ret_t dart_domain_destroy(dart_domain_locality_t *domain);
/// Replaces the contents of `domain_lhs` (not its parent) by a deep copy
/// of `domain_rhs`.
dart_ret_t dart_domain_assign(dart_domain_locality_t *domain_lhs, const dart_domain_locality_t *domain_rhs);
/// The subdomain of `domain_in` (or itself) with tag `domain_tag`; none:
/// DART_ERR_NOTFOUND and *subdomain_out = NULL.
dart_ret_t dart_domain_find(const dart_domain_locality_t *domain_in, const char *domain_tag,
                            dart_domain_locality_t **subdomain_out);
/// Keeps only the domains with the given tags, their subdomains and their
/// ancestors; unit lists and counts above them are updated.
dart_ret_t dart_domain_select(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                              const char **subdomain_tags);
/// Removes the domains with the given tags (and ancestors left without
/// units); unit lists and counts above them are updated.
dart_ret_t dart_domain_exclude(dart_domain_locality_t *domain_in, int num_subdomain_tags,
                               const char **subdomain_tags);
/// Splits the domains of `scope` in `domain_in` (in tree order) into
/// `num_parts` parts of consecutive domains (as equal in number as
/// possible): split_domain_out[p] (an array of num_parts domains the caller
/// provides) becomes a copy of domain_in holding only part p; release each
/// with dart_domain_destroy. DART_ERR_INVAL if num_parts is < 1 or more
/// than the domains of that scope.
dart_ret_t dart_domain_split_scope(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                   int num_parts, dart_domain_locality_t *split_domain_out);
/// Tags of the domains of `scope` in tree order: an array of malloc'd
/// strings the caller frees (each, then the array).
dart_ret_t dart_domain_scope_tags(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                  int *num_domains_out, char ***domain_tags_out);
/// The domains of `scope` in tree order: a malloc'd array of pointers into
/// the tree, which the caller frees.
dart_ret_t dart_domain_scope_domains(const dart_domain_locality_t *domain_in, dart_locality_scope_t scope,
                                     int *num_domains_out, dart_domain_locality_t ***domains_out);
/// Moves the domains with the given tags (duplicates count once; none may
/// contain another) under a new GROUP domain, a child of their lowest
/// common ancestor, whose tag is written to group_domain_tag_out (at least
/// DART_LOCALITY_DOMAIN_TAG_MAX_SIZE bytes). Moved domains get tags below
/// the group's; the others keep theirs.
dart_ret_t dart_domain_group(dart_domain_locality_t *domain_in, int num_group_subdomains,
                             const char **group_subdomain_tags, char *group_domain_tag_out);
/// The place of unit `unit` of `team`; owned by the library, as the tree.
dart_ret_t dart_unit_locality(dart_team_t team, dart_team_unit_t unit, dart_unit_locality_t **loc);
/// The same with a plain team-relative id (DASH's C struct converts from it).
inline dart_ret_t dart_unit_locality(dart_team_t team, dart_unit_t unit, dart_unit_locality_t **loc) {
  return dart_unit_locality(team, dart_team_unit_t{unit}, loc);
}

#endif  // DASH_DART_IF_DART_LOCALITY_H
