// sycl-minmax-in-esimd: sycl::min / sycl::max inside an ESIMD kernel (a DPC++ compile error).
#include "common.hpp"

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kSyclMinmaxInEsimd = {
    {"sycl-minmax-in-esimd", severity::error,
     "sycl::min / sycl::max in ESIMD code do not compile under DPC++: use std::min / std::max"},
    check};

namespace {

bool sycl_qualifier(const std::string& q) {
  return q == "sycl::" || q == "::sycl::" || q == "sycl::_V1::" || q == "cl::sycl::" ||
         q == "::cl::sycl::";
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    for (const char* name : {"min", "max", "fmin", "fmax"}) {
      for (const call& c : u.calls(name, f.body->b, f.body->e)) {
        if (c.member || !sycl_qualifier(c.qualifier)) continue;
        bool simd_args = false;
        for (std::size_t i = 0; i < c.args.size(); ++i) {
          node* a = arg_node(u, c, i);
          if ((a && simd_type(a->type_spelling())) || (c.args[i].second - c.args[i].first == 1 &&
                                                       simd_type(var_type_at(u, c.args[i].first))))
            simd_args = true;
        }
        const std::string n = name;
        const std::string repl = simd_args ? "sycl::ext::intel::esimd::" + n : "std::" + n;
        const unsigned b = u.toks[c.first].b, e = u.toks[c.name].e;
        r.report(kSyclMinmaxInEsimd.info, b,
                 "'" + u.slice(b, e) +
                     "' is a SYCL built-in that an ESIMD kernel cannot call (DPC++ "
                     "rejects it); use " +
                     repl + (simd_args ? " for simd operands" : " or a ?: expression"),
                 {r.edit(b, e, repl)});
      }
    }
  }
}

}  // namespace
}  // namespace xesim::lint
