# The two entry points of the README: `make run` and `make test`.
GO ?= go
KERNEL ?= examples/saxpy.cl

.PHONY: run test oracles build vet fuzz generate icd

run:
	$(GO) run ./cmd/clgo run $(KERNEL)

test: oracles
	$(GO) vet ./...
	$(GO) test ./...

oracles:
	./scripts/install-oracles.sh

build:
	CGO_ENABLED=0 $(GO) build ./...

generate:
	$(GO) generate ./...

# A short fuzz run of every fuzz target (FUZZTIME each).
FUZZTIME ?= 30s
fuzz:
	./scripts/fuzz.sh $(FUZZTIME)

# The OpenCL ICD (libclgo.so), built and registered with the ICD loader.
icd:
	GO=$(GO) ./cmd/libclgo/install.sh
