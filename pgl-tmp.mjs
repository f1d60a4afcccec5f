import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
let t=Date.now();
const c=new PGlite(); await c.waitReady; console.log('open',Date.now()-t); t=Date.now();
await migrate(drizzle(c),{migrationsFolder:'db/migrations'}); console.log('migrate',Date.now()-t);t=Date.now();
const dump=await c.dumpDataDir('none'); console.log('dump',Date.now()-t, dump.size);t=Date.now();
const c2=new PGlite({loadDataDir:dump}); await c2.waitReady; console.log('load',Date.now()-t);
