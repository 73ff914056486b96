'use strict';
/**
 * A local stand-in for an S3-compatible object store (the third party), speaking the part of the S3 REST API
 * that Reelty's storage driver uses, path-style: PutObject, GetObject (with Range), HeadObject, DeleteObject,
 * DeleteObjects, ListObjectsV2 (prefix, continuation), and multipart upload (create, upload part, complete,
 * abort). Objects live on disk under `dir`, so several app processes share them like a real bucket.
 * Requests are not authenticated (signatures are accepted as they come). Bodies sent with aws-chunked
 * encoding are decoded.
 *
 *   node test/support/fake-s3.js --port 9000 --dir /tmp/fake-s3      (prints "fake-s3 listening on <url>")
 */
const http = require('node:http');
const { createHash, randomUUID } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const xml = (body) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escape = (text) =>
  String(text).replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c],
  );

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** aws-chunked: `<hex size>[;chunk-signature=...]\r\n<bytes>\r\n` ... `0\r\n<trailers>\r\n\r\n`. */
function decodeAwsChunked(body) {
  const out = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString().split(';')[0], 16);
    if (!size) break;
    out.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

function isAwsChunked(req) {
  const encoding = String(req.headers['content-encoding'] ?? '');
  const sha = String(req.headers['x-amz-content-sha256'] ?? '');
  return encoding.includes('aws-chunked') || sha.startsWith('STREAMING-');
}

class FakeS3 {
  constructor(dir) {
    this.dir = dir;
    this.index = new Map(); // bucket/key -> { size, contentType, etag, modifiedAt }
    this.multipart = new Map(); // uploadId -> { bucket, key, contentType, parts: Map<number, Buffer> }
    this.requests = 0;
    fs.mkdirSync(path.join(dir, 'objects'), { recursive: true });
    for (const name of fs.readdirSync(path.join(dir, 'objects'))) {
      if (!name.endsWith('.json')) continue;
      const meta = JSON.parse(fs.readFileSync(path.join(dir, 'objects', name), 'utf8'));
      this.index.set(meta.id, meta);
    }
  }

  file(id) {
    return path.join(this.dir, 'objects', createHash('sha1').update(id).digest('hex'));
  }

  save(id, body, contentType) {
    const meta = {
      id,
      size: body.length,
      contentType: contentType || 'application/octet-stream',
      etag: `"${createHash('md5').update(body).digest('hex')}"`,
      modifiedAt: new Date().toUTCString(),
    };
    const file = this.file(id);
    fs.writeFileSync(`${file}.tmp`, body);
    fs.renameSync(`${file}.tmp`, file);
    fs.writeFileSync(`${file}.json`, JSON.stringify(meta));
    this.index.set(id, meta);
    return meta;
  }

  remove(id) {
    this.index.delete(id);
    fs.rmSync(this.file(id), { force: true });
    fs.rmSync(`${this.file(id)}.json`, { force: true });
  }

  async handle(req, res) {
    this.requests += 1;
    const url = new URL(req.url, 'http://s3.local');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const id = `${bucket}/${key}`;
    const q = url.searchParams;
    const send = (status, body = '', headers = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/xml', ...headers });
      res.end(body);
    };
    const notFound = () =>
      send(404, xml(`<Error><Code>NoSuchKey</Code><Message>Not found</Message><Key>${escape(key)}</Key></Error>`));

    if (!key) {
      if (req.method === 'POST' && q.has('delete')) {
        const text = (await readBody(req)).toString();
        const keys = [...text.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) =>
          m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<'),
        );
        for (const k of keys) this.remove(`${bucket}/${k}`);
        return send(
          200,
          xml(`<DeleteResult>${keys.map((k) => `<Deleted><Key>${escape(k)}</Key></Deleted>`).join('')}</DeleteResult>`),
        );
      }
      if (req.method === 'GET') return this.list(bucket, q, send);
      if (req.method === 'PUT' || req.method === 'HEAD') return send(200);
      return send(405);
    }

    if (req.method === 'POST' && q.has('uploads')) {
      const uploadId = randomUUID();
      this.multipart.set(uploadId, { id, contentType: req.headers['content-type'], parts: new Map() });
      return send(
        200,
        xml(
          `<InitiateMultipartUploadResult><Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    if (q.has('uploadId')) {
      const upload = this.multipart.get(q.get('uploadId'));
      if (!upload) return send(404, xml('<Error><Code>NoSuchUpload</Code></Error>'));
      if (req.method === 'PUT') {
        let body = await readBody(req);
        if (isAwsChunked(req)) body = decodeAwsChunked(body);
        upload.parts.set(Number(q.get('partNumber')), body);
        return send(200, '', { ETag: `"${createHash('md5').update(body).digest('hex')}"` });
      }
      if (req.method === 'POST') {
        await readBody(req);
        const numbers = [...upload.parts.keys()].sort((a, b) => a - b);
        const meta = this.save(upload.id, Buffer.concat(numbers.map((n) => upload.parts.get(n))), upload.contentType);
        this.multipart.delete(q.get('uploadId'));
        return send(
          200,
          xml(
            `<CompleteMultipartUploadResult><Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><ETag>${escape(meta.etag)}</ETag></CompleteMultipartUploadResult>`,
          ),
        );
      }
      if (req.method === 'DELETE') {
        this.multipart.delete(q.get('uploadId'));
        return send(204);
      }
    }

    if (req.method === 'PUT') {
      let body = await readBody(req);
      if (isAwsChunked(req)) body = decodeAwsChunked(body);
      const meta = this.save(id, body, req.headers['content-type']);
      return send(200, '', { ETag: meta.etag });
    }
    if (req.method === 'DELETE') {
      this.remove(id);
      return send(204);
    }
    const meta = this.index.get(id);
    if (req.method === 'HEAD' || req.method === 'GET') {
      if (!meta) return req.method === 'HEAD' ? send(404) : notFound();
      const headers = {
        'Content-Type': meta.contentType,
        ETag: meta.etag,
        'Last-Modified': meta.modifiedAt,
        'Accept-Ranges': 'bytes',
      };
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      let start = 0;
      let end = meta.size - 1;
      let status = 200;
      if (range) {
        start = Number(range[1]);
        end = range[2] ? Math.min(Number(range[2]), meta.size - 1) : meta.size - 1;
        if (start >= meta.size) return send(416, xml('<Error><Code>InvalidRange</Code></Error>'));
        status = 206;
        headers['Content-Range'] = `bytes ${start}-${end}/${meta.size}`;
      }
      headers['Content-Length'] = String(Math.max(0, end - start + 1));
      res.writeHead(status, headers);
      if (req.method === 'HEAD' || meta.size === 0) return res.end();
      return fs.createReadStream(this.file(id), { start, end }).pipe(res);
    }
    return send(405);
  }

  list(bucket, q, send) {
    const prefix = q.get('prefix') ?? '';
    const max = Math.min(Number(q.get('max-keys') ?? 1000), 1000);
    const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
    const keys = [...this.index.keys()]
      .filter((id) => id.startsWith(`${bucket}/${prefix}`))
      .map((id) => id.slice(bucket.length + 1))
      .filter((k) => k > after)
      .sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > max;
    const contents = page
      .map((k) => {
        const meta = this.index.get(`${bucket}/${k}`);
        return `<Contents><Key>${escape(k)}</Key><Size>${meta.size}</Size><ETag>${escape(meta.etag)}</ETag><LastModified>${new Date(meta.modifiedAt).toISOString()}</LastModified></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${escape(page[page.length - 1])}</NextContinuationToken>` : '';
    send(
      200,
      xml(
        `<ListBucketResult><Name>${escape(bucket)}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
      ),
    );
  }
}

/** Starts the fake on `port` (0 = any free port); resolves with its endpoint URL and a close function. */
function startFakeS3({ port = 0, host = '127.0.0.1', dir }) {
  const s3 = new FakeS3(dir);
  const server = http.createServer((req, res) => {
    s3.handle(req, res).catch((error) => {
      res.writeHead(500, { 'Content-Type': 'application/xml' });
      res.end(xml(`<Error><Code>InternalError</Code><Message>${escape(error.message)}</Message></Error>`));
    });
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}`,
        s3,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

module.exports = { startFakeS3 };

if (require.main === module) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  startFakeS3({
    port: Number(arg('port', '9000')),
    host: arg('host', '127.0.0.1'),
    dir: arg('dir', path.join(require('node:os').tmpdir(), 'reelty-fake-s3')),
  }).then(({ url }) => console.log(`fake-s3 listening on ${url}`));
}
