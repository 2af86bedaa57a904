#!/bin/sh
# Regenerates encodings.txt: TestEncodings writes its cases as GNU
# assembler source (Intel syntax), assembles them with `as --64`,
# disassembles with `objdump -d -z` and records each case's bytes.
set -e
cd "$(dirname "$0")/.."
CLGO_AMD64_GEN=1 go test -count=1 -run '^TestEncodings$' .
