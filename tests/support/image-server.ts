/**
 * A local HTTP server standing in for the internet in image tests (no real network): each
 * path says how it answers — `/ok/<name>.png` a small PNG at once, `/slow/<ms>/<name>.png` the
 * PNG after a wait, `/fail/<name>.png` a 500, `/hang/<name>.png` never (the connection stays
 * open until the client gives up). It counts requests and the most in flight at once, and
 * answers with CORS headers so the app's worker may read it from another origin.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { png } from './images.js'

export interface ImageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Requests received, by path. */
  requests: Map<string, number>
  /** The most requests in flight at once. */
  maxInFlight: () => number
  inFlight: () => number
  /** Requests the client gave up (the connection closed before an answer). */
  abandoned: () => number
  close: () => Promise<void>
}

const PNG = Buffer.from(png(8, 4))

export async function startImageServer(): Promise<ImageServer> {
  const requests = new Map<string, number>()
  const sockets = new Set<Socket>()
  let inFlight = 0
  let maxInFlight = 0
  let abandoned = 0
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!
    requests.set(path, (requests.get(path) ?? 0) + 1)
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    let answered = false
    const done = () => {
      if (answered) return
      answered = true
      inFlight--
    }
    response.on('close', () => {
      if (!response.writableEnded) abandoned++
      done()
    })
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' }
    const send = () => {
      response.writeHead(200, { ...headers, 'content-type': 'image/png', 'content-length': PNG.length })
      response.end(PNG)
    }
    const [, kind, arg] = path.split('/')
    if (kind === 'ok') send()
    else if (kind === 'slow') setTimeout(() => !response.destroyed && send(), Number(arg) || 100)
    else if (kind === 'fail') {
      response.writeHead(500, headers)
      response.end('broken')
    } else if (kind === 'hang') {
      // Never answers.
    } else {
      response.writeHead(404, headers)
      response.end()
    }
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    inFlight: () => inFlight,
    abandoned: () => abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
