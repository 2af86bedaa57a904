package host

import (
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/host/internal/lanes"
	"github.com/clgo/clgo/driver/host/internal/texel"
)

// Images and samplers on a tier: a lane program's RegionImage and
// RegionSampler regions are bound to the dispatch's resource at the
// region's set and binding, the last one that holds an image (a
// sampler).

// bindHandle binds region i, an image or sampler region, for dispatch d.
func (ds *tierDispatch) bindHandle(k *Kernel, i int, rg lanes.Region, d *Dispatch) error {
	n := len(k.tier.prog.Regions)
	if len(ds.images) != n {
		ds.images, ds.samplers = make([]*texel.Image, n), make([]*driver.Sampler, n)
	}
	ds.images[i], ds.samplers[i] = nil, nil
	for _, r := range d.Resources {
		if r.Set != rg.Set || r.Binding != rg.Binding {
			continue
		}
		switch {
		case rg.Kind == lanes.RegionSampler && r.Sampler != nil:
			ds.samplers[i] = r.Sampler
		case rg.Kind == lanes.RegionImage && r.Image != nil:
			im, err := imageOf(r.Image)
			if err != nil {
				return fmt.Errorf("kernel %s: %s: %w", k.name, rg.Name, err)
			}
			ds.images[i] = &im.Image
		}
	}
	return nil
}

// unboundError is the error for an image op on a region with nothing
// bound.
func unboundError(kernel string, rg lanes.Region) error {
	what := "image"
	if rg.Kind == lanes.RegionSampler {
		what = "sampler"
	}
	return fmt.Errorf("kernel %s: no %s bound to %s", kernel, what, rg.Name)
}
