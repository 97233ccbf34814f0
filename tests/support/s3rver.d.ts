/** The part of @20minutes/s3rver (an S3-compatible server in the test process; the package ships no types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0: any free port. */
    port?: number;
    silent?: boolean;
    /** Where buckets and objects are kept. */
    directory: string;
    allowMismatchedSignatures?: boolean;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
