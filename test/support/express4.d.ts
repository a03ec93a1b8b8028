// Express 4 is installed under an alias next to Express 5; both share @types/express's API surface
// for what the suite uses.
declare module 'express4' {
  import express from 'express';
  export default express;
}
declare module 'express5' {
  import express from 'express';
  export default express;
}
