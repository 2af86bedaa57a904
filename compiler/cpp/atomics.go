package cpp

// atomicsPredefines are the macros of OpenCL C 2.0's C11 atomics and
// work-group collective functions (§6.13.11, §6.13.15), defined from
// -cl-std=CL2.0 on: the memory_order and memory_scope enumerators (macros
// here, with clang's values, so that kernels and the lowering agree on
// them; the lowering reads the constant a call's argument folds to),
// ATOMIC_VAR_INIT and ATOMIC_FLAG_INIT. Their OpenCL C 3.0 feature macros
// come from the feature table (compiler/features.go) with the others.
const atomicsPredefines = `#define memory_order_relaxed ((memory_order)0)
#define memory_order_acquire ((memory_order)2)
#define memory_order_release ((memory_order)3)
#define memory_order_acq_rel ((memory_order)4)
#define memory_order_seq_cst ((memory_order)5)
#define memory_scope_work_item ((memory_scope)0)
#define memory_scope_work_group ((memory_scope)1)
#define memory_scope_device ((memory_scope)2)
#define memory_scope_all_svm_devices ((memory_scope)3)
#define memory_scope_all_devices memory_scope_all_svm_devices
#define memory_scope_sub_group ((memory_scope)4)
#define ATOMIC_VAR_INIT(x) (x)
#define ATOMIC_FLAG_INIT 0
`
