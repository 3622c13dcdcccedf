/** An API answer's status and the error it carries, to compare whole with `toEqual` or in part with `toMatchObject`. */
export function errorOf(res: { statusCode: number; json(): unknown }) {
  return {
    status: res.statusCode,
    error: (res.json() as { error: { code: string; message: string; fields?: Record<string, string>; declineCode?: string; facts?: Record<string, string> } }).error,
  };
}
