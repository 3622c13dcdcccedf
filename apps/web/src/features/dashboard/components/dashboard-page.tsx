import { PRODUCT_NAME } from '@staybook/domain/product';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DashboardPageHeading } from './dashboard-page-heading';

/** A dashboard page listing or adding things: the tab reads '<title> | StayBook', and the title heads the page. */
export function DashboardPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} | ${PRODUCT_NAME}`);
  return (
    <section className="flex flex-col gap-6">
      <DashboardPageHeading title={title} />
      {children}
    </section>
  );
}
