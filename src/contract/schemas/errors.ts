/** The error body every route answers with (the codes: ../errors.ts; their statuses: src/api/errors.ts). */
import { z } from "@hono/zod-openapi";

export const ErrorSchema = z
  .object({
    error: z
      .looseObject({
        code: z.string().openapi({ example: "STALE_VERSION" }),
        message: z.string(),
      })
      .openapi({ description: "Machine-readable code, human message, and details such as currentVersion or index." }),
  })
  .openapi("Error");
