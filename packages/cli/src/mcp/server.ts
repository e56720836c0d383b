// `sextant mcp` (issue 15): a Model Context Protocol server over stdio (the official TypeScript SDK) so
// AI coding assistants can ask Sextant before they add or upgrade a dependency. Tools: advisories_get,
// nextsafe, project_status; answers are JSON text; a failed call is a tool error with the reason.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { createSextantClient, type SextantClient } from '@sextant/sdk'
import { z } from 'zod'
import { CLIENT_VERSION } from '../version'
import { advisoriesGet, nextSafe, projectStatus } from './tools'

const library = {
  language: z
    .string()
    .describe("The library's language: nodejs (npm), java (maven), python, golang, php, dotnet, ruby, rust"),
  name: z.string().min(1).describe('Package name, e.g. lodash, @babel/core, org.apache.commons:commons-text'),
  version: z.string().min(1).describe('The exact version, e.g. 4.17.20'),
}

async function answer(work: () => Promise<unknown>) {
  try {
    return { content: [{ type: 'text' as const, text: JSON.stringify(await work(), null, 2) }] }
  } catch (error) {
    return {
      isError: true,
      content: [{ type: 'text' as const, text: error instanceof Error ? error.message : String(error) }],
    }
  }
}

export function createMcpServer(client: SextantClient): McpServer {
  const server = new McpServer({ name: 'sextant', version: CLIENT_VERSION })
  server.registerTool(
    'advisories_get',
    {
      title: 'Advisories of a library version',
      description:
        "Known vulnerabilities (advisories with severity, CVSS and fixed versions) of one library version; with a project, also its licences and licence issues in that project's latest report.",
      inputSchema: {
        ...library,
        project: z
          .string()
          .optional()
          .describe("A project uuid, to judge licences against its account's policies"),
        branch: z.string().optional().describe("The project's branch (default main)"),
      },
    },
    (args) => answer(() => advisoriesGet(client, args)),
  )
  server.registerTool(
    'nextsafe',
    {
      title: 'Next safe versions',
      description:
        'The latest version no known advisory affects in each lane: same major.minor (latestPatch), same major (latestMinor), overall (latestMajor); null where none.',
      inputSchema: library,
    },
    (args) => answer(() => nextSafe(client, args)),
  )
  server.registerTool(
    'project_status',
    {
      title: 'Project status',
      description:
        "The latest report of a project's branch: the three scores against their minima (null when not assessed), the outcome, and the most severe findings.",
      inputSchema: {
        project: z.string().min(1).describe('The project uuid'),
        branch: z.string().optional().describe('Branch (default main)'),
        top: z.number().int().min(1).max(100).optional().describe('How many findings to list (default 10)'),
      },
    },
    (args) => answer(() => projectStatus(client, args)),
  )
  return server
}

/** Serves on stdin/stdout until the client closes; SEXTANT_URL and SEXTANT_TOKEN say which server to ask. */
export async function runMcp(
  env: Record<string, string | undefined>,
  transport?: Transport,
): Promise<number> {
  const server = env.SEXTANT_URL
  if (!server) {
    process.stderr.write('sextant mcp needs SEXTANT_URL (and SEXTANT_TOKEN for private projects).\n')
    return -2
  }
  const token = env.SEXTANT_TOKEN || env.METERIAN_API_TOKEN
  const client = createSextantClient({
    baseUrl: server,
    ...(token ? { auth: { type: 'token', token } } : {}),
    userAgent: `sextant-mcp/${CLIENT_VERSION}`,
  })
  const mcp = createMcpServer(client)
  const closed = new Promise<void>((resolve) => {
    mcp.server.onclose = () => resolve()
  })
  await mcp.connect(transport ?? new StdioServerTransport())
  await closed
  return 0
}
