//! kernel linked_list
//! global 64
//! local 16
//! arg buffer<int4> 256 zero
//! arg buffer<int> 1 zero
//! arg buffer<long> 64 zero
//! arg buffer<int> 64 out
//! arg int 4
//! clgo-options -physical-storage-buffers

// The OpenCL CTS's SVM linked list (test_svm), in one kernel: each
// work-item allocates n nodes from a pool with atomic_inc on a global
// counter, links them through their __global pNext pointers (pointers
// stored in global memory), publishes its list's head in a buffer, walks
// the list back from there (pointers loaded from global memory) and
// counts the nodes that are its own, in order. Then it clears its nodes
// and its head, so that every buffer is the same whichever slots the
// atomic gave and wherever the buffers lie: only the counts and the
// counter remain. clgo builds it with physical addressing
// (docs/physical.md); logical addressing cannot store pointers in buffers.
typedef struct Node {
	int global_id;
	int position_in_list;
	__global struct Node *pNext;
} Node;

typedef struct Head {
	global Node *first;
} Head;

kernel void linked_list(global Node *pool, global volatile int *counter, global Head *heads, global int *out, int n) {
	int id = get_global_id(0);
	global Node *head = 0;
	for (int i = 0; i < n; i++) {
		int slot = atomic_inc(counter);
		global Node *nd = &pool[slot];
		nd->global_id = id;
		nd->position_in_list = i;
		nd->pNext = head;
		head = nd;
	}
	heads[id].first = head;
	int good = 0, pos = n;
	for (global Node *p = heads[id].first; p != NULL; p = p->pNext) {
		if (p->global_id == id && p->position_in_list == --pos)
			good++;
	}
	// 100 per node in order, plus 1 when the walk ended at the first.
	out[id] = 100 * good + (pos == 0);
	global Node *p = heads[id].first;
	while (p) {
		global Node *next = p->pNext;
		p->global_id = 0;
		p->position_in_list = 0;
		p->pNext = 0;
		p = next;
	}
	heads[id].first = 0;
}
