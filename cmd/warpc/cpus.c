/* cpus.c - --cpu=NAME[,NAME...]: the CPUs warpc builds host code for.
 * One table of the names warpc knows; the first name of the list is the
 * baseline the object requires (its C compiler flag applies to all of the
 * object's CPU code), each further name an x86-64 level whose variant of
 * every kernel's CPU code is compiled too and chosen at run time when the
 * running CPU has that level (wp_cpu_level of <warp/abi.h>). */
#include <string.h>

#include "warpc.h"

static const warpc_cpu cpus[] = {
    {"x86-64", "-march=x86-64", WARPC_CPU_X86_64, 1, "x86_64"},
    {"x86-64-v2", "-march=x86-64-v2", WARPC_CPU_X86_64, 2, "x86_64_v2"},
    {"x86-64-v3", "-march=x86-64-v3", WARPC_CPU_X86_64, 3, "x86_64_v3"},
    {"x86-64-v4", "-march=x86-64-v4", WARPC_CPU_X86_64, 4, "x86_64_v4"},
    {"armv8-a", "-march=armv8-a", WARPC_CPU_AARCH64, 0, "armv8_a"},
    {"armv8.2-a", "-march=armv8.2-a", WARPC_CPU_AARCH64, 0, "armv8_2_a"},
    /* Jetson Nano / TX1 / TX2, Xavier, Orin */
    {"cortex-a57", "-mcpu=cortex-a57", WARPC_CPU_AARCH64, 0, "cortex_a57"},
    {"carmel", "-mcpu=carmel", WARPC_CPU_AARCH64, 0, "carmel"},
    /* the A78's instruction set and scheduling (-mcpu=cortex-a78ae is
       clang 15's and gcc 11's; the AE adds no instruction) */
    {"cortex-a78ae", "-mcpu=cortex-a78", WARPC_CPU_AARCH64, 0, "cortex_a78ae"},
};

/* The architecture of the host code: --target's, else the one warpc was
 * built for (the C compiler's default). */
static int target_arch(const char *target) {
  if (target)
    return !strncmp(target, "aarch64", 7) || !strncmp(target, "arm64", 5)
               ? WARPC_CPU_AARCH64
           : !strncmp(target, "x86_64", 6) || !strncmp(target, "amd64", 5)
               ? WARPC_CPU_X86_64
               : 0;
#if defined(__x86_64__)
  return WARPC_CPU_X86_64;
#elif defined(__aarch64__)
  return WARPC_CPU_AARCH64;
#else
  return 0;
#endif
}

int warpc_parse_cpus(options *o) {
  if (!o->cpu_list)
    return 0;
  const char *list = o->cpu_list, *p = list;
  int arch = target_arch(o->target);
  o->ncpus = 0;
  for (;;) {
    size_t n = strcspn(p, ",");
    if (n == 0) /* "", "a,", ",a", "a,,b" */
      return warpc_usage_error("empty CPU name in --cpu '%s'", list);
    const warpc_cpu *c = NULL;
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0] && !c; i++)
      if (strlen(cpus[i].name) == n && !strncmp(cpus[i].name, p, n))
        c = &cpus[i];
    if (!c) {
      char name[64];
      snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), p);
      return warpc_usage_error(
          "unknown CPU '%s' in --cpu (known: x86-64, x86-64-v2, x86-64-v3, "
          "x86-64-v4; armv8-a, armv8.2-a, cortex-a57, carmel, cortex-a78ae)",
          name);
    }
    if (arch && c->arch != arch)
      return warpc_usage_error(
          c->arch == WARPC_CPU_X86_64
              ? "--cpu %s is an x86-64 CPU, but the host code is not for "
                "x86-64 (--target)"
              : "--cpu %s is an AArch64 CPU, but the host code is not for "
                "AArch64 (--target aarch64-linux-gnu)",
          c->name);
    bool dup = false;
    for (int i = 0; i < o->ncpus; i++)
      dup = dup || o->cpus[i] == c;
    if (!dup && o->ncpus == WARPC_CPUS_MAX)
      return warpc_usage_error("more than 4 CPUs in --cpu '%s'", list);
    if (!dup)
      o->cpus[o->ncpus++] = c;
    if (!p[n])
      break;
    p += n + 1;
  }
  for (int i = 1; i < o->ncpus; i++) {
    if (o->cpus[i]->arch != WARPC_CPU_X86_64)
      return warpc_usage_error(
          "--cpu %s: only x86-64 levels have variants chosen at run time "
          "(give one AArch64 CPU: the object's baseline)",
          o->cpus[i]->name);
    if (o->cpus[i]->level <= o->cpus[0]->level)
      return warpc_usage_error(
          "--cpu %s: a variant must be a higher x86-64 level than the "
          "baseline (the first name)",
          o->cpus[i]->name);
  }
  return 0;
}
