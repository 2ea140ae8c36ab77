import * as vm from 'vm';

export function evaluate(expression: string): number {
  // ruleid: javascript/eval-injection
  return eval(expression as string) as number;
}

export function compile(body: string): (x: number) => number {
  // ruleid: javascript/eval-injection
  return new Function('x', body) as (x: number) => number;
}

export function constantOnly(): unknown {
  // ok: javascript/eval-injection
  const f = new Function('x', 'return x * 2');
  // ok: javascript/eval-injection
  setTimeout((): void => console.log('tick'), 10);
  // ok: javascript/eval-injection
  return vm.runInThisContext('1 + 2') ?? f;
}
