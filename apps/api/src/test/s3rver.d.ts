/** s3rver ships no types: the few parts the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: unknown[] }[];
  };

  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
