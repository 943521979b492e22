import { ContactForm, ContactSent } from "./contact-form";
import { Overlay } from "./overlay";

/** The footer's Contact Us modal (?contact=open, and ?contact=sent after sending). */
export function ContactOverlay({
  sent,
  phone,
  closeTo,
}: {
  sent: boolean;
  phone: string;
  closeTo: string;
}) {
  return (
    <Overlay title="Contact Us" closeTo={closeTo}>
      {sent ? (
        <ContactSent phone={phone} />
      ) : (
        <>
          <p>
            Leave us a note and the office will read it during opening hours. For anything urgent,
            phone {phone}.
          </p>
          <ContactForm returnTo={closeTo} />
        </>
      )}
    </Overlay>
  );
}
