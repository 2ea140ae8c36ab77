import React, { useEffect, useRef } from 'react';
import DOMPurify from 'dompurify';

type Props = { bio: string; title: string };

export function Profile({ bio, title }: Props): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // ruleid: javascript/xss-html-sink
    ref.current!.innerHTML = `<h2>${title}</h2>`;
  }, [title]);
  // ok: javascript/xss-html-sink
  const clean = { __html: DOMPurify.sanitize(bio) };
  // ruleid: javascript/xss-html-sink
  const raw = { __html: bio as string };
  return (
    <section>
      <div ref={ref} />
      {/* ok: javascript/xss-html-sink */}
      <div dangerouslySetInnerHTML={clean} />
      <div dangerouslySetInnerHTML={raw} />
      {/* ok: javascript/xss-html-sink */}
      <p>{bio}</p>
    </section>
  );
}
