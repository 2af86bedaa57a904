# The two entry points of the README: `make run` and `make test`.
GO ?= go
KERNEL ?= examples/saxpy.cl

.PHONY: run test oracles build cross static vet fuzz generate icd

run:
	$(GO) run ./cmd/clgo run $(KERNEL)

# The whole run stays well under 30 minutes on a busy 2-core machine (about
# 5 minutes with a warm build cache); each package's tests are bounded by
# GOTEST_TIMEOUT. Long runs are behind variables (docs/reliability.md).
GOTEST_TIMEOUT ?= 20m
test: oracles cross static
	@unformatted=$$("$$($(GO) env GOROOT)/bin/gofmt" -l .) || exit 1; if [ -n "$$unformatted" ]; then echo "gofmt: not formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) test -timeout $(GOTEST_TIMEOUT) ./...

oracles:
	./scripts/install-oracles.sh

build:
	CGO_ENABLED=0 $(GO) build ./...

# Every platform Go builds clgo for (cmd/libclgo is cgo and builds natively).
CROSS ?= linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
cross:
	@for t in $(CROSS); do \
		echo "go build ./... for $$t"; \
		GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 $(GO) build ./... || exit 1; \
	done

# The host-only clgo without dynamic loading: a statically linked binary;
# and the compile-only clgo (no drivers: the fastest process start).
static:
	CGO_ENABLED=0 $(GO) build -tags clgo_novulkan,clgo_noopencl -o /dev/null ./cmd/clgo
	CGO_ENABLED=0 $(GO) build -tags clgo_compile_only -o /dev/null ./cmd/clgo

generate:
	$(GO) generate ./...

# A short fuzz run of every fuzz target (FUZZTIME each).
FUZZTIME ?= 30s
fuzz:
	./scripts/fuzz.sh $(FUZZTIME)

# The OpenCL ICD (libclgo.so), built and registered with the ICD loader.
icd:
	GO=$(GO) ./cmd/libclgo/install.sh
