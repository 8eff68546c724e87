// mathjs's single-file build (the same version as the package's modules): its default export is
// mathjs's default instance, created with all its functions.
declare module 'mathjs/lib/browser/math.js' {
  import type { MathJsInstance } from 'mathjs';

  const math: MathJsInstance;
  export default math;
}
