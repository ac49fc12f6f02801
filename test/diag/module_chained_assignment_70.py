# A chained module-level assignment binds every name, however many: the
# 65th and later names of a chain used to be dropped (a fixed array of 64).
# expect-exit: 0
import warp as wp

C1 = C2 = C3 = C4 = C5 = C6 = C7 = C8 = C9 = C10 = C11 = C12 = C13 = C14 = C15 = C16 = C17 = C18 = C19 = C20 = C21 = C22 = C23 = C24 = C25 = C26 = C27 = C28 = C29 = C30 = C31 = C32 = C33 = C34 = C35 = C36 = C37 = C38 = C39 = C40 = C41 = C42 = C43 = C44 = C45 = C46 = C47 = C48 = C49 = C50 = C51 = C52 = C53 = C54 = C55 = C56 = C57 = C58 = C59 = C60 = C61 = C62 = C63 = C64 = C65 = C66 = C67 = C68 = C69 = C70 = 2.0


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[wp.tid()] = C1 + C64 + C65 + C70
