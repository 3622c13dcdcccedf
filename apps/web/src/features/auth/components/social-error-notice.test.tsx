import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SocialErrorNotice } from './social-error-notice';

afterEach(cleanup);

describe("the login page's word on a Google sign-in that failed (/login?error=…)", () => {
  it('says what a code the product knows means', () => {
    render(<SocialErrorNotice code="access_denied" />);
    expect(screen.getByText('Google sign-in was cancelled.')).toBeTruthy();
  });

  it('says a sign-in whose state was lost expired, whichever of the library’s codes says so', () => {
    for (const code of ['state_mismatch', 'state_not_found']) {
      render(<SocialErrorNotice code={code} />);
      expect(screen.getByText('Google sign-in expired or was started in another window. Please try again.')).toBeTruthy();
      cleanup();
    }
  });

  it("never repeats a code it does not know: a link's writer cannot put words on the page", () => {
    for (const code of ['Your_account_is_locked._Call_+1-555-0100_to_unlock_it', 'toString', '__proto__']) {
      const { container } = render(<SocialErrorNotice code={code} />);
      expect(container.textContent).toBe('Google sign-in failed. Please try again.');
      cleanup();
    }
  });
});
