// dash::util::LocalityDomain on DART's domain trees.
#include <dash/util/LocalityDomain.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include <dash/Exception.h>

namespace dash::util {

struct LocalityDomain::Owned {
  explicit Owned(dart_domain_locality_t *r) : root(r) {}
  ~Owned() {
    if (root) dart_domain_destroy(root);
  }
  Owned(const Owned &) = delete;
  Owned &operator=(const Owned &) = delete;
  dart_domain_locality_t *root;
};

namespace {
void check(dart_ret_t status, const char *call) {
  if (status != DART_OK) DASH_THROW(dash::RuntimeError, "dash::util::LocalityDomain: " << call << " failed");
}

dart_domain_locality_t *clone(const dart_domain_locality_t *domain) {
  dart_domain_locality_t *copy = nullptr;
  check(dart_domain_clone(domain, &copy), "dart_domain_clone");
  return copy;
}

std::vector<const char *> c_tags(const std::vector<std::string> &tags) {
  std::vector<const char *> out;
  for (const auto &t : tags) out.push_back(t.c_str());
  return out;
}
}  // namespace

LocalityDomain::LocalityDomain(const dart_domain_locality_t &domain)
    : owner_(std::make_shared<Owned>(clone(&domain))) {
  domain_ = owner_->root;
  refresh();
}

LocalityDomain::LocalityDomain(dart_domain_locality_t *domain) : domain_(domain) { refresh(); }

LocalityDomain::LocalityDomain(std::shared_ptr<Owned> owner, dart_domain_locality_t *domain)
    : owner_(std::move(owner)), domain_(domain) {
  refresh();
}

LocalityDomain::~LocalityDomain() = default;

LocalityDomain::LocalityDomain(const LocalityDomain &other) { *this = other; }

LocalityDomain::LocalityDomain(LocalityDomain &&other) noexcept { *this = std::move(other); }

LocalityDomain &LocalityDomain::operator=(const LocalityDomain &other) {
  if (this == &other) return *this;
  if (other.owner_ && other.domain_) {
    owner_ = std::make_shared<Owned>(clone(other.domain_));
    domain_ = owner_->root;
  } else {
    owner_.reset();
    domain_ = other.domain_;
  }
  group_tags_ = other.group_tags_;
  parts_ = other.parts_;
  refresh();
  return *this;
}

LocalityDomain &LocalityDomain::operator=(LocalityDomain &&other) noexcept {
  if (this == &other) return *this;
  owner_ = std::move(other.owner_);
  domain_ = other.domain_;
  other.domain_ = nullptr;
  group_tags_ = std::move(other.group_tags_);
  parts_ = std::move(other.parts_);
  try {
    refresh();
  } catch (...) {
    children_.clear();
  }
  other.refresh();
  return *this;
}

bool LocalityDomain::operator==(const LocalityDomain &rhs) const {
  if (domain_ == rhs.domain_) return true;
  return domain_ && rhs.domain_ && domain_->team == rhs.domain_->team && tag_ == rhs.tag_;
}

void LocalityDomain::refresh() {
  children_.clear();
  units_.clear();
  groups_.clear();
  tag_ = domain_ ? domain_->domain_tag : ".";
  if (!domain_) return;
  children_.reserve(static_cast<std::size_t>(domain_->num_domains));
  for (int d = 0; d < domain_->num_domains; ++d)
    children_.push_back(LocalityDomain(owner_, domain_->children[d]));
  for (int u = 0; u < domain_->num_units; ++u) units_.push_back(global_unit_t(domain_->unit_ids[u].id));
  for (const auto &tag : group_tags_) {
    auto it = find(tag);
    if (it != end()) groups_.push_back(it);
  }
}

LocalityDomain &LocalityDomain::select(const std::vector<std::string> &subdomain_tags) {
  auto tags = c_tags(subdomain_tags);
  check(dart_domain_select(domain_, static_cast<int>(tags.size()), tags.data()), "dart_domain_select");
  refresh();
  return *this;
}

LocalityDomain &LocalityDomain::exclude(const std::vector<std::string> &subdomain_tags) {
  auto tags = c_tags(subdomain_tags);
  check(dart_domain_exclude(domain_, static_cast<int>(tags.size()), tags.data()), "dart_domain_exclude");
  refresh();
  return *this;
}

LocalityDomain &LocalityDomain::group(const std::vector<std::string> &group_subdomain_tags) {
  auto tags = c_tags(group_subdomain_tags);
  char group_tag[DART_LOCALITY_DOMAIN_TAG_MAX_SIZE] = {};
  check(dart_domain_group(domain_, static_cast<int>(tags.size()), tags.data(), group_tag),
        "dart_domain_group");
  group_tags_.emplace_back(group_tag);
  refresh();
  auto it = find(group_tag);
  if (it == end()) DASH_THROW(dash::RuntimeError, "dash::util::LocalityDomain::group: group not found");
  return *it;
}

LocalityDomain &LocalityDomain::split(Scope_t scope, int num_split_parts) {
  dart_locality_scope_t dart_scope = Locality::dart_scope(scope);
  if (num_split_parts <= 0) {
    int n = 0;
    dart_domain_locality_t **domains = nullptr;
    check(dart_domain_scope_domains(domain_, dart_scope, &n, &domains), "dart_domain_scope_domains");
    std::free(domains);
    num_split_parts = n;
  }
  parts_.clear();
  if (num_split_parts <= 0) return *this;
  std::vector<dart_domain_locality_t> split(static_cast<std::size_t>(num_split_parts));
  check(dart_domain_split_scope(domain_, dart_scope, num_split_parts, split.data()),
        "dart_domain_split_scope");
  for (auto &part : split) {
    parts_.push_back(LocalityDomain(part));
    dart_domain_destroy(&part);
  }
  return *this;
}

LocalityDomain &LocalityDomain::split_groups() {
  parts_.clear();
  for (const auto &tag : group_tags_) {
    LocalityDomain part(*domain_);
    part.select({tag});
    parts_.push_back(std::move(part));
  }
  return *this;
}

const LocalityDomain &LocalityDomain::at(int relative_index) const {
  if (relative_index < 0 || static_cast<std::size_t>(relative_index) >= children_.size())
    throw std::out_of_range("dash::util::LocalityDomain::at: no subdomain " + std::to_string(relative_index));
  return children_[static_cast<std::size_t>(relative_index)];
}

LocalityDomain &LocalityDomain::at(int relative_index) {
  return const_cast<LocalityDomain &>(static_cast<const LocalityDomain &>(*this).at(relative_index));
}

template <typename Self, typename It>
It LocalityDomain::find_in(Self &self, const std::string &tag) {
  for (std::size_t i = 0; i < self.children_.size(); ++i) {
    auto &child = self.children_[i];
    if (child.tag_ == tag) return It(self, static_cast<int>(i));
    if (tag.compare(0, child.tag_.size() + 1, child.tag_ + ".") == 0) {
      It found = find_in<decltype(child), It>(child, tag);
      if (found != child.end()) return found;
    }
  }
  return self.end();
}

LocalityDomain::const_iterator LocalityDomain::find(const std::string &subdomain_tag) const {
  return find_in<const LocalityDomain, const_iterator>(*this, subdomain_tag);
}

LocalityDomain::iterator LocalityDomain::find(const std::string &subdomain_tag) {
  return find_in<LocalityDomain, iterator>(*this, subdomain_tag);
}

std::vector<LocalityDomain> LocalityDomain::scope_domains(Scope_t scope) const {
  std::vector<LocalityDomain> out;
  if (!domain_) return out;
  int n = 0;
  dart_domain_locality_t **domains = nullptr;
  check(dart_domain_scope_domains(domain_, Locality::dart_scope(scope), &n, &domains),
        "dart_domain_scope_domains");
  for (int d = 0; d < n; ++d) out.push_back(LocalityDomain(domains[d]));
  std::free(domains);
  return out;
}

const dart_domain_locality_t &LocalityDomain::dart_type() const {
  if (!domain_) DASH_THROW(dash::RuntimeError, "dash::util::LocalityDomain: empty domain");
  return *domain_;
}

global_unit_t LocalityDomain::leader_unit() const {
  if (units_.empty()) return UNDEFINED_GLOBAL_UNIT_ID;
  if (std::find(units_.begin(), units_.end(), global_unit_t(0)) != units_.end()) return global_unit_t(0);
  return units_.front();
}

LocalityDomain::Scope_t LocalityDomain::scope() const {
  if (!domain_) return Scope_t::Undefined;
  switch (static_cast<int>(domain_->scope)) {
    case DART_LOCALITY_SCOPE_GLOBAL: return Scope_t::Global;
    case DART_LOCALITY_SCOPE_GROUP: return Scope_t::Group;
    case DART_LOCALITY_SCOPE_NETWORK: return Scope_t::Network;
    case DART_LOCALITY_SCOPE_NODE: return Scope_t::Node;
    case DART_LOCALITY_SCOPE_MODULE: return Scope_t::Module;
    case DART_LOCALITY_SCOPE_NUMA: return Scope_t::NUMA;
    case DART_LOCALITY_SCOPE_UNIT: return Scope_t::Unit;
    case DART_LOCALITY_SCOPE_PACKAGE: return Scope_t::Package;
    case DART_LOCALITY_SCOPE_UNCORE: return Scope_t::Uncore;
    case DART_LOCALITY_SCOPE_CACHE: return Scope_t::Cache;
    case DART_LOCALITY_SCOPE_CORE: return Scope_t::Core;
    case DART_LOCALITY_SCOPE_CPU: return Scope_t::CPU;
    default: return Scope_t::Undefined;
  }
}

std::ostream &operator<<(std::ostream &os, const LocalityDomain &domain) {
  if (domain.level() < 0) return os << "LocalityDomain(empty)";
  return os << "LocalityDomain(" << domain.dart_type() << ")";
}

}  // namespace dash::util
