package kernelabi

import "github.com/clgo/clgo/driver"

// Chunk is one dispatch of a region cut to a device's work-group count
// limits: Base is its first work-group, Count its work-groups.
type Chunk struct{ Base, Count [3]uint64 }

// SplitGroups appends to out the chunks of a region of groups work-groups
// with at most limit per dimension, x fastest.
func SplitGroups(groups, limit [3]uint64, out []Chunk) []Chunk {
	for z := uint64(0); z < groups[2]; z += limit[2] {
		for y := uint64(0); y < groups[1]; y += limit[1] {
			for x := uint64(0); x < groups[0]; x += limit[0] {
				out = append(out, Chunk{
					Base:  [3]uint64{x, y, z},
					Count: [3]uint64{min(limit[0], groups[0]-x), min(limit[1], groups[1]-y), min(limit[2], groups[2]-z)},
				})
			}
		}
	}
	return out
}

// SubRegion is the NDRange region of chunk c of nd: the same NDRange with
// the region moved by the chunk's first group and sized to its groups.
func SubRegion(nd *driver.NDRange, c *Chunk) driver.NDRange {
	sub := *nd
	for i := range 3 {
		sub.RegionOffset[i] += c.Base[i] * nd.Local[i]
		sub.Region[i] = c.Count[i] * nd.Local[i]
	}
	return sub
}
