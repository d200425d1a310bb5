#!/bin/sh
# Uploads a file of $1 MB (50 by default) from disk through a generated multipart action to a server in
# another process, and prints how far the test process's peak resident size rose above its baseline: a
# streamed body keeps it at a few megabytes whatever the file's size. Linux only.
set -eu
cd "$(dirname "$0")/.."
CRUDEGEN_UPLOAD_MEMORY_MB="${1:-50}" swift test ${SCRATCH_PATH:+--scratch-path "$SCRATCH_PATH"} --filter UploadMemoryTests 2>&1 | grep -E "upload of|passed|failed|error"
