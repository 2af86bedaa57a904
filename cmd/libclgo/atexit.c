#include <stdlib.h>

void clgoQuiesce(void);

static void clgo_at_exit(void) { clgoQuiesce(); }

/* Called from Go once the Vulkan driver has made a pipeline: handlers run
   in the reverse order of their registration, so this one runs before the
   destructors of the driver libraries loaded before it. */
void clgo_register_at_exit(void) { atexit(clgo_at_exit); }
