/** Types for dynalite 4 (the package ships none): a factory returning an http.Server. */
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** Time a new table stays in CREATING, in ms (default 500). */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    /** LevelDB directory; in memory when absent. */
    path?: string;
    verbose?: boolean;
  }

  function dynalite(options?: DynaliteOptions): Server;
  export default dynalite;
}
