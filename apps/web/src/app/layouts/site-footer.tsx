import { FOOTER_TEXT } from '@staybook/domain/product';
import { Container } from '../../components/container';

export function SiteFooter() {
  return (
    <footer className="border-t border-neutral-200 bg-neutral-50 py-8 text-center text-sm text-neutral-500">
      <Container>
        <p>{FOOTER_TEXT}</p>
      </Container>
    </footer>
  );
}
