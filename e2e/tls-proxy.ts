import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const NGINX = "/usr/sbin/nginx";

export interface TlsProxy {
  /** https://127.0.0.1:<port>: what people's browsers reach. */
  url: string;
  /** "nginx" (Debian's) or "node" (Node's own HTTPS proxy, where nginx is absent). */
  kind: "nginx" | "node";
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** A self-signed certificate for 127.0.0.1, made with openssl. */
function certificate(folder: string) {
  const [key, cert] = [path.join(folder, "key.pem"), path.join(folder, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key, cert };
}

/**
 * A reverse proxy that terminates TLS in front of `upstream` and passes on the request's host,
 * scheme and client as IT would set nginx up (Host, X-Forwarded-Proto, X-Forwarded-For): nginx
 * when this machine has it, else Node's own HTTPS server doing the same.
 */
export async function startTlsProxy(upstream: string): Promise<TlsProxy> {
  const folder = mkdtempSync(path.join(tmpdir(), "gauge-tls-"));
  const { key, cert } = certificate(folder);
  const port = await freePort();
  const url = `https://127.0.0.1:${port}`;
  if (existsSync(NGINX)) {
    for (const dir of ["body", "proxy"]) mkdirSync(path.join(folder, dir));
    writeFileSync(
      path.join(folder, "nginx.conf"),
      `daemon off; worker_processes 1; user root; pid ${folder}/nginx.pid; error_log ${folder}/error.log warn;
events { worker_connections 256; }
http {
  access_log off; client_body_temp_path ${folder}/body; proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/proxy; uwsgi_temp_path ${folder}/proxy; scgi_temp_path ${folder}/proxy;
  server {
    listen 127.0.0.1:${port} ssl; ssl_certificate ${cert}; ssl_certificate_key ${key};
    client_max_body_size 20m;
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
    }
  }
}
`,
    );
    const nginx = spawn(NGINX, ["-p", folder, "-c", path.join(folder, "nginx.conf")], { stdio: "ignore" });
    const exited = new Promise<void>((resolve) => nginx.once("exit", () => resolve()));
    const deadline = Date.now() + 15_000;
    while (
      !(await new Promise<boolean>((resolve) =>
        net
          .connect(port, "127.0.0.1")
          .once("connect", function (this: net.Socket) {
            this.destroy();
            resolve(true);
          })
          .once("error", () => resolve(false)),
      ))
    ) {
      if (Date.now() > deadline || nginx.exitCode !== null)
        throw new Error(`nginx did not start: ${existsSync(`${folder}/error.log`) ? readFileSync(`${folder}/error.log`, "utf8") : ""}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { url, kind: "nginx", close: async () => void (nginx.kill("SIGQUIT"), await exited, rmSync(folder, { recursive: true, force: true })) };
  }
  const target = new URL(upstream);
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const headers = {
      ...req.headers,
      "x-forwarded-proto": "https",
      "x-forwarded-for": [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", "),
    };
    const forward = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    forward.on("error", () => (res.headersSent ? res.destroy() : (res.writeHead(502), res.end())));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url,
    kind: "node",
    close: async () =>
      void (server.closeAllConnections(), await new Promise((resolve) => server.close(resolve)), rmSync(folder, { recursive: true, force: true })),
  };
}
