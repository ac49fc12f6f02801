/* lower_ssa.c - SSA construction for local variables with block arguments,
 * after Braun et al., "Simple and Efficient Construction of Static Single
 * Assignment Form" (CC 2013): a variable read in a block without a local
 * definition is looked up in the predecessors; blocks whose predecessors are
 * not all known yet (loop headers) are "unsealed" and get incomplete block
 * arguments that are completed when the block is sealed. */
#include <string.h>

#include "lower_internal.h"

typedef struct incomplete {
  int var;
  ir_value *param;
  struct incomplete *next;
} incomplete;

/* The variables' numbers are in c->fs->var_map (number + 1, as a pointer);
 * each block's current definitions in a map of its own (b->defs), keyed by
 * variable number. */
int lower_var_index(lower_ctx *c, const char *name, bool create) {
  lower_frame *fs = c->fs;
  void *known = wp_strmap_get(&fs->var_map, name);
  if (known)
    return (int)((intptr_t)known - 1);
  if (!create)
    return -1;
  if (fs->nvars == fs->cap_vars) {
    int cap = fs->cap_vars ? fs->cap_vars * 2 : 16;
    const char **v = WP_NEW_ARRAY(c->A, const char *, cap);
    const ir_type **t = WP_NEW_ARRAY(c->A, const ir_type *, cap);
    if (fs->nvars) {
      memcpy(v, fs->vars, sizeof(*v) * (size_t)fs->nvars);
      memcpy(t, fs->var_types, sizeof(*t) * (size_t)fs->nvars);
    }
    fs->vars = v;
    fs->var_types = t;
    fs->cap_vars = cap;
  }
  fs->vars[fs->nvars] = name;
  fs->var_types[fs->nvars] = NULL;
  wp_strmap_put(c->A, &fs->var_map, name, (void *)(intptr_t)(fs->nvars + 1));
  return fs->nvars++;
}

int lower_var_rebind(lower_ctx *c, const char *name) {
  lower_frame *fs = c->fs;
  /* a new slot (under a name no source variable has), then the name points
     at it; the old slot keeps its values for the code before */
  int var =
      lower_var_index(c, wp_arena_printf(c->A, "%s$%d", name, fs->nvars), true);
  fs->vars[var] = name;
  wp_strmap_put(c->A, &fs->var_map, name, (void *)(intptr_t)(var + 1));
  return var;
}

bool lower_var_is_param(lower_ctx *c, int var) {
  const ir_func *f = c->fs->f;
  for (int i = 0; f && i < f->nparams; i++)
    if (f->param_names && f->param_names[i] &&
        !strcmp(f->param_names[i], c->fs->vars[var]))
      return true;
  return false;
}

void lower_write_var(lower_ctx *c, int var, ir_block *b, ir_value *v) {
  if (!b->defs)
    b->defs = WP_NEW(c->A, wp_keymap);
  *wp_keymap_slot(c->A, b->defs, NULL, var) = v;
}

ir_value *lower_zero(lower_ctx *c, const ir_type *t) {
  ir_block *entry = c->fs->f->entry;
  ir_value *z = WP_NEW(c->A, ir_value);
  z->op = IR_ZERO;
  z->type = t;
  z->block = entry;
  z->next = entry->first;
  if (entry->first)
    entry->first->prev = z;
  else
    entry->last = z;
  entry->first = z;
  return z;
}

/* Appends `v` to the edge of `pred`'s terminator that goes to `b`. */
static void add_edge_arg(lower_ctx *c, ir_block *pred, ir_block *b,
                         ir_value *v) {
  ir_value *term = pred->last;
  for (int k = 0; k < 2; k++) {
    if (term->targets[k] != b)
      continue;
    ir_edge *e = &term->targs[k];
    ir_value **args = WP_NEW_ARRAY(c->A, ir_value *, e->nargs + 1);
    if (e->nargs)
      memcpy(args, e->args, sizeof(*args) * (size_t)e->nargs);
    args[e->nargs++] = v;
    e->args = args;
  }
}

static ir_value *read_recursive(lower_ctx *c, int var, ir_block *b);

static void add_operands(lower_ctx *c, int var, ir_block *b, ir_value *param) {
  for (int i = 0; i < b->npreds; i++) {
    ir_block *p = b->preds[i];
    ir_value *v = lower_read_var(c, var, p);
    if (!v)
      v = lower_zero(c, param->type);
    add_edge_arg(c, p, b, v);
  }
}

ir_value *lower_read_var(lower_ctx *c, int var, ir_block *b) {
  void **d = b->defs ? wp_keymap_find(b->defs, NULL, var) : NULL;
  if (d)
    return *d;
  return read_recursive(c, var, b);
}

static ir_value *read_recursive(lower_ctx *c, int var, ir_block *b) {
  ir_value *v;
  if (!b->sealed) {
    v = ir_block_add_param(b, c->fs->var_types[var]);
    v->name = c->fs->vars[var];
    incomplete *inc = WP_NEW(c->A, incomplete);
    inc->var = var;
    inc->param = v;
    inc->next = b->incomplete;
    b->incomplete = inc;
  } else if (b->npreds == 0) {
    return NULL; /* undefined on this path */
  } else if (b->npreds == 1) {
    v = lower_read_var(c, var, b->preds[0]);
  } else {
    v = ir_block_add_param(b, c->fs->var_types[var]);
    v->name = c->fs->vars[var];
    lower_write_var(c, var, b, v);
    add_operands(c, var, b, v);
    return v;
  }
  if (v)
    lower_write_var(c, var, b, v);
  return v;
}

void lower_seal(lower_ctx *c, ir_block *b) {
  if (b->sealed)
    return;
  /* Reverse the list so block arguments are completed in creation order. */
  incomplete *rev = NULL;
  for (incomplete *i = b->incomplete, *n; i; i = n) {
    n = i->next;
    i->next = rev;
    rev = i;
  }
  for (incomplete *i = rev; i; i = i->next)
    add_operands(c, i->var, b, i->param);
  b->incomplete = NULL;
  b->sealed = true;
}

void lower_br(lower_ctx *c, ir_block *to, wp_loc loc) {
  lower_br_args(c, to, NULL, 0, loc);
}

void lower_br_args(lower_ctx *c, ir_block *to, ir_value **args, int n,
                   wp_loc loc) {
  if (!c->fs->cur)
    return;
  ir_value *br = ir_append(c->fs->cur, IR_BR, ir_t_void(c->T), NULL, 0, loc);
  br->targets[0] = to;
  if (n) {
    br->targs[0].args = WP_NEW_ARRAY(c->A, ir_value *, n);
    memcpy(br->targs[0].args, args, sizeof(*args) * (size_t)n);
    br->targs[0].nargs = n;
  }
  ir_block_add_pred(to, c->fs->cur);
  c->fs->cur = NULL;
}

void lower_cbr(lower_ctx *c, ir_value *cond, ir_block *t, ir_block *f,
               wp_loc loc) {
  if (!c->fs->cur)
    return;
  ir_value *br = ir_append(c->fs->cur, IR_CBR, ir_t_void(c->T), &cond, 1, loc);
  br->targets[0] = t;
  br->targets[1] = f;
  ir_block_add_pred(t, c->fs->cur);
  ir_block_add_pred(f, c->fs->cur);
  c->fs->cur = NULL;
}
