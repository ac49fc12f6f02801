/* test_emit.c - unit tests of lib/emit: the generated C (self-contained, no
 * #include, #line directives, launcher signature), the header, and the tool
 * driver (running clang on the generated C, temporary files). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit/emit.h"
#include "ir/ir.h"
#include "lower/lower.h"
#include "parse/parse.h"

#include "check.h"

CHECK_TALLY;

static const char *kernel_src = "import warp as wp\n"
                                "@wp.func\n"
                                "def twice(v: wp.vec3) -> wp.vec3:\n"
                                "    return v * 2.0\n"
                                "@wp.kernel\n"
                                "def scale(a: wp.array(dtype=wp.vec3), s: "
                                "float, m: wp.mat33, default: int):\n"
                                "    i = wp.tid()\n"
                                "    a[i] = m * twice(a[i]) * s\n";

static char *emit_to_string(ir_module *m, int header) {
  char *buf;
  size_t len;
  FILE *f = open_memstream(&buf, &len);
  wp_emit_options eo = {.line_directives = true, .version = "test"};
  int rc =
      header ? wp_emit_header(f, m, &eo) : wp_emit_c(f, m, &wp_target_cpu, &eo);
  fclose(f);
  CHECK(rc == 0);
  return buf;
}

/* The cleanup record: the files and temporaries it knows of, what the
 * signal handler's part removes (a file no one recorded too), and a tool
 * run under it. */
static void check_cleanup(void) {
  char *out = wp_make_temp_dir(); /* where the "outputs" go */
  CHECK(out != NULL);
  if (!out)
    return;
  wp_cleanup cl = {0};
  const char *src = wp_cleanup_file(&cl, "module.c");
  CHECK(src && cl.dir && strncmp(src, cl.dir, strlen(cl.dir)) == 0);
  CHECK(wp_cleanup_file(&cl, "module.c") == src && cl.nfiles == 1);
  FILE *f = src ? fopen(src, "w") : NULL;
  CHECK(f != NULL);
  if (f)
    fclose(f);
  char *stray = wp_strfmt("%s/stray.tmp", cl.dir);
  f = fopen(stray, "w");
  if (f)
    fclose(f);
  char *obj = wp_strfmt("%s/k.o", out), *hdr = wp_strfmt("%s/k.h", out);
  const char *t_obj = wp_cleanup_temp_beside(&cl, obj);
  const char *t_hdr = wp_cleanup_temp_beside(&cl, hdr);
  CHECK(t_obj && t_hdr && cl.ntemps == 2 && access(t_obj, F_OK) == 0);
  CHECK(wp_cleanup_rename(&cl, t_hdr, hdr) == 0 && cl.ntemps == 1);
  CHECK(access(hdr, F_OK) == 0);
  char *argv[] = {"true", NULL};
  CHECK(wp_run_tool_in(argv, NULL, false, &cl) == 0 && cl.tool == 0);
  char *dirname = wp_strfmt("%s", cl.dir);
  wp_cleanup_on_signal(&cl, SIGTERM); /* no tool running */
  CHECK(t_obj && access(t_obj, F_OK) != 0);
  CHECK(src && access(src, F_OK) != 0);
  CHECK(access(stray, F_OK) != 0 && access(dirname, F_OK) != 0);
  CHECK(access(hdr, F_OK) == 0); /* renamed: an output, not a temporary */
  wp_cleanup_free(&cl);
  CHECK(cl.dir == NULL && cl.ntemps == 0);
  unlink(hdr);
  rmdir(out);
  free(dirname);
  free(stray);
  free(obj);
  free(hdr);
  free(out);
}

int main(void) {
  wp_arena arena = {0};
  wp_source src = {.path = "scale.py",
                   .text = kernel_src,
                   .len = (uint32_t)strlen(kernel_src)};
  wp_diag diag = {.out = stderr};
  ast_module *ast = wp_parse(&src, &arena, &diag);
  ir_module *m =
      wp_lower(ast, &(wp_lower_options){.module_name = "mod"}, &arena, &diag);
  CHECK(m != NULL);
  if (!m) {
    return check_report(NULL);
  }
  ir_simplify_args(m);
  ir_fold(m);
  ir_dce(m);
  char *c = emit_to_string(m, 0);
  CHECK(strstr(c, "#include") == NULL); /* no system header */
  CHECK(strstr(c, "#line 8 \"scale.py\"") != NULL);
  CHECK(
      strstr(c,
             "wp_status mod_scale(const wp_launch *launch, const wp_array *a, "
             "float s, wp_mat33f m, wp_int32 default_)") != NULL);
  CHECK(strstr(c, "wp_check_array_arg(a, ") != NULL);
  CHECK(
      strstr(c, "WP_MAT(mat33f, float32, float, 3, 3, vec3f, vec3f, mat33f)") !=
      NULL);

  char *h = emit_to_string(m, 1);
  CHECK(strstr(h, "#ifndef WARPC_MOD_H") != NULL);
  CHECK(strstr(h, "#include <warp/warp.h>") != NULL);
  CHECK(strstr(h, "typedef struct wp_vec3f { float c[3]; } wp_vec3f;") != NULL);
  CHECK(strstr(h, "typedef struct wp_mat33f { float c[3][3]; } wp_mat33f;") !=
        NULL);
  CHECK(strstr(h, " *   a: array of vec3f, ndim 1") != NULL);
  CHECK(strstr(h, "def scale(a: wp.array(dtype=wp.vec3), s: float, m: "
                  "wp.mat33, default: int)") != NULL);

  /* the generated C compiles on its own, warnings as errors except unused */
  char *dir = wp_make_temp_dir();
  CHECK(dir != NULL);
  struct stat st;
  CHECK(dir && stat(dir, &st) == 0 && (st.st_mode & 0777) == 0700);
  char path[512];
  snprintf(path, sizeof path, "%s/mod.c", dir);
  FILE *f = fopen(path, "w");
  fputs(c, f);
  fclose(f);
  char obj[512];
  snprintf(obj, sizeof obj, "%s/mod.o", dir);
  char *argv[] = {"clang",
                  "-c",
                  "-std=c11",
                  "-Wall",
                  "-Werror",
                  "-Wno-unused-label",
                  "-Wno-unused-variable",
                  "-Wno-unused-but-set-variable",
                  "-Wno-unused-function",
                  path,
                  "-o",
                  obj,
                  NULL};
  CHECK(wp_run_tool(argv, false) == 0);
  char *bad[] = {"warpc-no-such-tool-xyz", NULL};
  CHECK(wp_run_tool(bad, false) == -1);
  char *tmp = wp_temp_beside(obj);
  CHECK(tmp && strncmp(tmp, dir, strlen(dir)) == 0 && access(tmp, F_OK) == 0);
  free(tmp);
  wp_remove_temp_dir(dir);
  CHECK(access(dir, F_OK) != 0);
  free(dir);
  check_cleanup();
  free(c);
  free(h);
  wp_arena_free(&arena);
  return check_report(NULL);
}
