/**
 * axios, loaded at the first partner request (issue #16): the data API imports this package for its partner
 * errors and types on every start, and a process with no partner configured never calls one. `require`, not
 * `import()`: the package loads as CommonJS under tsx, jest and the compiled build alike.
 */
import type { AxiosStatic } from 'axios';

let loaded: AxiosStatic | undefined;

export function lazyAxios(): AxiosStatic {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('axios') as AxiosStatic;
  return loaded;
}
