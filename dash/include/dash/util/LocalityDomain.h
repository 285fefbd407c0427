#ifndef DASH_UTIL_LOCALITY_DOMAIN_H
#define DASH_UTIL_LOCALITY_DOMAIN_H

// dash::util::LocalityDomain: DASH's C++ view of a locality domain tree
// (<dash/dart/if/dart_locality.h>): subdomains by index and iterator,
// units, and the tree operations select, exclude, group and split.
//
//   dash::util::LocalityDomain global(*team_tree_root);     // a deep copy, owned
//   for (auto &node : global) ...                           // the subdomains
//   auto numa = global.scope_domains(dash::util::Locality::Scope::NUMA);
//   global.split(dash::util::Locality::Scope::Node, 2);     // global.parts(): 2 copies
//
// A domain made from a const reference (or copied from one that owns its
// tree) owns a deep copy of the tree and frees it; one made from a pointer
// views that tree (which must outlive it). The tree operations change the
// tree: use them on owning domains. Subdomain references and iterators
// stay valid until the next tree operation on the domain.

#include <cstddef>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include <dash/Types.h>
#include <dash/dart/if/dart_locality.h>
#include <dash/dart/if/dart_types.h>
#include <dash/util/Locality.h>

namespace dash::util {

class LocalityDomain;

namespace internal {

/// Random-access iterator over the subdomains of a LocalityDomain.
template <typename DomainT>
class LocalityDomainIterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using difference_type = int;
  using value_type = DomainT;
  using pointer = DomainT *;
  using reference = DomainT &;

  LocalityDomainIterator() = default;
  LocalityDomainIterator(DomainT &domain, int index = 0) : domain_(&domain), index_(index) {}
  template <typename Other>
  LocalityDomainIterator(const LocalityDomainIterator<Other> &other)
      : domain_(other.domain_), index_(other.index_) {}

  bool operator==(const LocalityDomainIterator &rhs) const {
    return domain_ == rhs.domain_ && index_ == rhs.index_;
  }
  bool operator!=(const LocalityDomainIterator &rhs) const { return !(*this == rhs); }
  reference operator*() const { return domain_->at(index_); }
  pointer operator->() const { return &domain_->at(index_); }
  reference operator[](int i) const { return domain_->at(index_ + i); }
  LocalityDomainIterator &operator++() { return ++index_, *this; }
  LocalityDomainIterator &operator--() { return --index_, *this; }
  LocalityDomainIterator operator++(int) { return LocalityDomainIterator(*domain_, index_++); }
  LocalityDomainIterator operator--(int) { return LocalityDomainIterator(*domain_, index_--); }
  LocalityDomainIterator &operator+=(int i) { return index_ += i, *this; }
  LocalityDomainIterator &operator-=(int i) { return index_ -= i, *this; }
  LocalityDomainIterator operator+(int i) const { return LocalityDomainIterator(*domain_, index_ + i); }
  LocalityDomainIterator operator-(int i) const { return LocalityDomainIterator(*domain_, index_ - i); }
  int operator-(const LocalityDomainIterator &rhs) const { return index_ - rhs.index_; }

 private:
  template <typename>
  friend class LocalityDomainIterator;
  DomainT *domain_ = nullptr;
  int index_ = 0;
};

}  // namespace internal

class LocalityDomain {
 public:
  using iterator = internal::LocalityDomainIterator<LocalityDomain>;
  using const_iterator = internal::LocalityDomainIterator<const LocalityDomain>;
  using Scope_t = Locality::Scope;

  LocalityDomain() = default;
  /// Owns a deep copy of `domain` and its subdomains.
  explicit LocalityDomain(const dart_domain_locality_t &domain);
  /// Views the tree at `domain` (not owned).
  explicit LocalityDomain(dart_domain_locality_t *domain);
  ~LocalityDomain();
  LocalityDomain(const LocalityDomain &other);
  LocalityDomain(LocalityDomain &&other) noexcept;
  LocalityDomain &operator=(const LocalityDomain &other);
  LocalityDomain &operator=(LocalityDomain &&other) noexcept;

  /// The same domain: the same tree node, or the same team and tag.
  bool operator==(const LocalityDomain &rhs) const;
  bool operator!=(const LocalityDomain &rhs) const { return !(*this == rhs); }

  /// Keeps only the subdomains with these tags (and their ancestors).
  LocalityDomain &select(const std::vector<std::string> &subdomain_tags);
  /// Removes the subdomains with these tags.
  LocalityDomain &exclude(const std::vector<std::string> &subdomain_tags);
  /// Moves the subdomains with these tags under a new group domain and
  /// returns it; groups() lists the groups made so far.
  LocalityDomain &group(const std::vector<std::string> &group_subdomain_tags);
  /// Splits the domains of `scope` into `num_split_parts` parts (0: one
  /// per domain): parts() becomes one copy of this domain per part.
  LocalityDomain &split(Scope_t scope, int num_split_parts);
  /// parts() becomes one copy of this domain per group (holding the group).
  LocalityDomain &split_groups();

  /// Subdomain `relative_index`; throws std::out_of_range.
  const LocalityDomain &at(int relative_index) const;
  LocalityDomain &at(int relative_index);
  /// The subdomain (at any depth) with tag `subdomain_tag`, as an
  /// iterator into its parent's subdomains; end() if there is none.
  const_iterator find(const std::string &subdomain_tag) const;
  iterator find(const std::string &subdomain_tag);

  std::vector<iterator> &groups() { return groups_; }
  const std::vector<iterator> &groups() const { return groups_; }
  std::vector<LocalityDomain> &parts() { return parts_; }
  const std::vector<LocalityDomain> &parts() const { return parts_; }
  /// The domains of `scope` below (or at) this one, in tree order (views).
  std::vector<LocalityDomain> scope_domains(Scope_t scope) const;

  dart_team_t dart_team() const { return domain_ ? domain_->team : DART_TEAM_NULL; }
  const std::string &domain_tag() const { return tag_; }
  /// The DART domain; throws dash::RuntimeError for an empty domain.
  const dart_domain_locality_t &dart_type() const;
  std::string host() const { return domain_ ? domain_->host : ""; }
  int shared_mem_bytes() const { return domain_ ? domain_->shared_mem_bytes : -1; }

  iterator begin() { return iterator(*this, 0); }
  const_iterator begin() const { return const_iterator(*this, 0); }
  iterator end() { return iterator(*this, static_cast<int>(size())); }
  const_iterator end() const { return const_iterator(*this, static_cast<int>(size())); }
  /// The number of subdomains.
  std::size_t size() const { return children_.size(); }

  /// The units of the domain, ascending.
  const std::vector<global_unit_t> &units() const { return units_; }
  std::vector<global_unit_t> &units() { return units_; }
  /// Unit 0 if it is in the domain, else the first unit.
  global_unit_t leader_unit() const;
  int level() const { return domain_ ? domain_->level : -1; }
  Scope_t scope() const;
  int node_id() const { return domain_ ? domain_->node_id : -1; }
  int num_nodes() const { return domain_ ? domain_->num_nodes : -1; }
  int num_cores() const { return domain_ ? domain_->num_cores : -1; }
  int global_index() const { return domain_ ? domain_->global_index : -1; }
  int relative_index() const { return domain_ ? domain_->relative_index : -1; }

 private:
  struct Owned;  // the whole tree, freed with the last domain owning it
  LocalityDomain(std::shared_ptr<Owned> owner, dart_domain_locality_t *domain);
  void refresh();  // wrappers of the subdomains, units and tag from domain_
  template <typename Self, typename It>
  static It find_in(Self &self, const std::string &tag);

  std::shared_ptr<Owned> owner_;
  dart_domain_locality_t *domain_ = nullptr;
  std::string tag_ = ".";
  std::vector<LocalityDomain> children_;
  std::vector<global_unit_t> units_;
  std::vector<iterator> groups_;
  std::vector<std::string> group_tags_;
  std::vector<LocalityDomain> parts_;
};

/// DASH's printing of a domain and its subdomains.
std::ostream &operator<<(std::ostream &os, const LocalityDomain &domain);

}  // namespace dash::util

#endif  // DASH_UTIL_LOCALITY_DOMAIN_H
