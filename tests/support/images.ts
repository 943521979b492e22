/**
 * Test pictures made on the spot: nothing binary is kept in the repository. sharp is loaded by
 * the first picture, so a test file that makes none does not pay for loading it.
 */
const loadSharp = async () => (await import("sharp")).default;

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
};
const fullBox = (type: string, version: number, ...parts: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...parts);

/**
 * A HEIC file as an iPhone writes it, as far as its header goes: an HEIF
 * container whose primary item is HEVC-coded (`hvc1`, with its `hvcC`
 * configuration and its size in `ispe`). libheif reads its header like a
 * real photo's; the coded picture itself is filler, so only a decoder would
 * notice.
 */
export function heicPhoto(width = 4032, height = 3024): Buffer {
  const data = Buffer.alloc(4000, 7);
  const ftyp = box("ftyp", Buffer.from("heic"), u32(0), Buffer.from("mif1heic"));
  const hvcC = box(
    "hvcC",
    Buffer.from([
      1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 93, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0,
    ]),
  );
  const ispe = fullBox("ispe", 0, u32(width), u32(height));
  const iprp = box(
    "iprp",
    box("ipco", hvcC, ispe),
    fullBox("ipma", 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x02])),
  );
  const meta = (dataOffset: number) =>
    fullBox(
      "meta",
      0,
      fullBox("hdlr", 0, u32(0), Buffer.from("pict"), u32(0), u32(0), u32(0), Buffer.from([0])),
      fullBox("pitm", 0, u16(1)),
      fullBox("iinf", 0, u16(1), fullBox("infe", 2, u16(1), u16(0), Buffer.from("hvc1\0"))),
      fullBox(
        "iloc",
        0,
        Buffer.from([0x44, 0x00]),
        u16(1),
        u16(1),
        u16(0),
        u16(1),
        u32(dataOffset),
        u32(data.length),
      ),
      iprp,
    );
  const dataOffset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(dataOffset), box("mdat", data)]);
}

/** A file that starts like HEIC (12 bytes) and is a web page after that. */
export function fakeHeic(): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from("ftypheic"),
    Buffer.from("<!doctype html><title>Invoice</title><script>alert(document.cookie)</script>"),
  ]);
}

/** One colour, huge dimensions, few bytes: 10000 × 10000 is about 1.3 MB as PNG. */
export async function hugePng(width = 10_000, height = 10_000): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp({ create: { width, height, channels: 3, background: "#7a8fa6" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A phone-style photo: EXIF with a GPS position, and "rotate 90°" in the orientation tag. */
export async function phonePhoto(colour = "#b86b4b"): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 27/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
