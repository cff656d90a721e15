import { NetworkError } from './errors';

export interface UploadOptions {
  /** Milliseconds for the whole request, upload included (default 30 s, as the JSON calls). */
  timeout?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The part of the body sent so far, 0–1. */
  onProgress?: (fraction: number) => void;
}

export interface FormAnswer {
  status: number;
  header(name: string): string | null;
  /** The body as JSON; undefined when it is empty or not JSON. */
  json(): unknown;
}

/** POSTs a FormData with XMLHttpRequest, whose upload progress works over HTTP/1.1 too. */
export function sendForm(
  url: string,
  body: FormData,
  headers: Record<string, string>,
  options: UploadOptions,
): Promise<FormAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = options.timeout ?? 30_000;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const { onProgress, signal } = options;
    if (onProgress) {
      xhr.upload.onprogress = (e) => onProgress(e.lengthComputable && e.total > 0 ? e.loaded / e.total : 0);
      xhr.upload.onload = () => onProgress(1);
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        header: (name) => xhr.getResponseHeader(name),
        json: () => {
          try {
            return xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
          } catch {
            return undefined;
          }
        },
      });
    };
    xhr.onerror = xhr.ontimeout = () => {
      settle();
      reject(new NetworkError());
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('De upload is afgebroken.', 'AbortError'));
    };
    if (signal?.aborted) {
      settle();
      return reject(signal.reason);
    }
    xhr.send(body);
  });
}
