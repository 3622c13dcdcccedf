import type { ReactNode } from 'react';

export function Container({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-[2520px] px-4 sm:px-6 md:px-10 xl:px-20">{children}</div>;
}
