package lanes

// Rows: a chunk covers Chunk consecutive linear local ids, and the linear
// id runs through dimension 0 first. When the lanes below dimension d
// (Local[0]*...*Local[d-1]) are a multiple of Chunk, every chunk lies in
// one row of dimension d: LocalInvocationId[d] and GlobalInvocationId[d]
// are the same for all its lanes, so Build makes them Uniform and what is
// computed only from them and other Uniform values (row offsets, the
// tile loads of a 2-D kernel, loop bounds) runs once per chunk, with
// scalar loads and jumps instead of vectors, gathers and masks. The
// chunk and the group size are fixed when the program is built (the
// module's LocalSize is the enqueue's local size).

// idShape is the shape of LocalID(d) and GlobalID(d) in this program.
func (b *builder) idShape(d int) Shape {
	if s, ok := laneStride(b.p, d); ok && s == 0 {
		return Uniform
	}
	return Varying
}
