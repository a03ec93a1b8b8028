// Koa 2 and 3 are installed under aliases; both share @types/koa's API surface for what the suite uses.
declare module 'koa2' {
  import Koa from 'koa';
  export default Koa;
}
declare module 'koa3' {
  import Koa from 'koa';
  export default Koa;
}
