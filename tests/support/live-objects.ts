import { Session } from 'node:inspector/promises';

/**
 * How many objects with `prototype` this process's heap holds, after a full collection (the inspector's
 * Runtime.queryObjects collects first): for tests that something a request made is not kept after it.
 */
export async function liveInstances(prototype: object): Promise<number> {
  const session = new Session();
  session.connect();
  const key = `__liveInstances${Date.now()}`;
  (globalThis as Record<string, unknown>)[key] = prototype;
  try {
    const found = await session.post('Runtime.evaluate', { expression: key });
    const objectId = found.result.objectId;
    if (!objectId) throw new Error('the prototype has no inspector handle');
    const queried = await session.post('Runtime.queryObjects', { prototypeObjectId: objectId });
    const { result } = await session.post('Runtime.callFunctionOn', {
      objectId: queried.objects.objectId,
      functionDeclaration: 'function () { return this.length; }',
      returnByValue: true,
    });
    return result.value as number;
  } finally {
    delete (globalThis as Record<string, unknown>)[key];
    session.disconnect();
  }
}
