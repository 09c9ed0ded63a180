import { DefaultHttpStack, type HttpStack } from 'tus-js-client';

/**
 * tus-js-client's own network stack, counting the bytes of the PATCH bodies it hands to the
 * network: a request cut off counts whole.
 */
export function patchCountingStack(): { stack: HttpStack; bytesSent(): number } {
  let bytesSent = 0;
  const network = new DefaultHttpStack({});
  const stack: HttpStack = {
    getName: () => 'counting',
    createRequest: (method, url) => {
      const request = network.createRequest(method, url);
      const send = request.send.bind(request);
      request.send = (body: unknown) => {
        if (method === 'PATCH' && body instanceof Uint8Array) bytesSent += body.length;
        return send(body);
      };
      return request;
    },
  };
  return { stack, bytesSent: () => bytesSent };
}
