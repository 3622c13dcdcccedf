import { FaArrowLeft } from 'react-icons/fa';
import { useNavigate } from 'react-router';
import { Button } from './button';
import { Heading } from './heading';

interface ErrorScreenProps {
  /** What went wrong, in words for people (e.g. the API's "Room not found"). */
  message?: string;
}

export function ErrorScreen({ message }: ErrorScreenProps) {
  const navigate = useNavigate();
  return (
    <section className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 py-12 text-center">
      <Heading level={1} title="Something Went Wrong!" center />
      {message && <p className="max-w-md text-neutral-700">{message}</p>}
      <p className="text-neutral-500">Here are some helpful links:</p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Button variant="outline" onClick={() => void navigate(-1)}>
          <FaArrowLeft aria-hidden="true" />
          Go back
        </Button>
        <Button onClick={() => void navigate('/')}>Take Me Home</Button>
      </div>
    </section>
  );
}
