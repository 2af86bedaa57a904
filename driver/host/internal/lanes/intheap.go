package lanes

import "container/heap"

// intHeap is a binary heap of ints, the least by less on top. The sweeps
// over blocks and ops that find the nearest enclosing range use it with
// lazy removal: ranges that ended are dropped when they reach the top.
type intHeap struct {
	xs   []int
	less func(a, b int) bool
}

func (h *intHeap) Len() int           { return len(h.xs) }
func (h *intHeap) Less(i, j int) bool { return h.less(h.xs[i], h.xs[j]) }
func (h *intHeap) Swap(i, j int)      { h.xs[i], h.xs[j] = h.xs[j], h.xs[i] }
func (h *intHeap) Push(x any)         { h.xs = append(h.xs, x.(int)) }
func (h *intHeap) Pop() any {
	x := h.xs[len(h.xs)-1]
	h.xs = h.xs[:len(h.xs)-1]
	return x
}

// push adds x.
func (h *intHeap) push(x int) { heap.Push(h, x) }

// top returns the least element, or false if the heap is empty.
func (h *intHeap) top() (int, bool) {
	if len(h.xs) == 0 {
		return 0, false
	}
	return h.xs[0], true
}

// pop removes the least element.
func (h *intHeap) pop() { heap.Pop(h) }
