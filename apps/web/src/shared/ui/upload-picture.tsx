/** An upload's picture beside its name: the photo's placeholder, then its thumbnail; else empty. */
export function UploadPicture({ picture }: { picture: string | undefined }) {
  return (
    <span
      className="d-block flex-shrink-0 rounded bg-body-secondary overflow-hidden"
      style={{ width: '3rem', height: '3rem' }}
    >
      {picture && (
        <img
          src={picture}
          alt=""
          width={48}
          height={48}
          decoding="async"
          className="d-block w-100 h-100 object-fit-cover"
        />
      )}
    </span>
  );
}
