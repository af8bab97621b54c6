"""The protobuf wire format (proto2), by hand, for the message tables of framework_proto.py.

A message is a dict {field name: value} holding only the fields that are present (proto2 keeps
presence); a repeated field is a list; an enum is its int; a nested message is such a dict.
`encode` writes fields in field-number order, as protobuf's C++ serializer does, so a message
decoded from Paddle's bytes encodes back to the same bytes. `decode` is pure parsing: it accepts
packed and unpacked repeated scalars (as protobuf parsers do), skips unknown fields, and raises
WireError for truncated or malformed data and for a missing required field (where protobuf's
ParseFromString returns false).
"""
import struct

from .framework_proto import MESSAGES

__all__ = ["WireError", "encode", "decode"]

_VARINT, _I64, _LEN, _SGROUP, _EGROUP, _I32 = 0, 1, 2, 3, 4, 5
_WIRE = {"int32": _VARINT, "int64": _VARINT, "bool": _VARINT, "float": _I32, "double": _I64,
         "string": _LEN}
_MASK64 = (1 << 64) - 1


class WireError(ValueError):
    """The bytes are not a valid encoding of the message."""


def _wire_type(kind):
    if kind.startswith("enum:"):
        return _VARINT
    if kind.startswith("message:"):
        return _LEN
    return _WIRE[kind]


def _varint(n):
    n &= _MASK64                      # negative int32/int64 are 10-byte two's complement varints
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _scalar_bytes(kind, value):
    if kind == "string":
        raw = value.encode("utf-8") if isinstance(value, str) else bytes(value)
        return _varint(len(raw)) + raw
    if kind == "float":
        return struct.pack("<f", value)
    if kind == "double":
        return struct.pack("<d", value)
    if kind == "bool":
        return b"\x01" if value else b"\x00"
    return _varint(int(value))


def encode(message, value):
    """The wire bytes of `value` (a dict) as message `message` of framework_proto.MESSAGES."""
    fields = MESSAGES[message]
    out = bytearray()
    for number in sorted(fields):
        name, kind, label = fields[number]
        if name not in value:
            continue
        items = value[name] if label == "repeated" else [value[name]]
        key = _varint((number << 3) | _wire_type(kind))
        for item in items:
            out += key
            if kind.startswith("message:"):
                body = encode(kind[8:], item)
                out += _varint(len(body)) + body
            else:
                out += _scalar_bytes(kind, item)
    return bytes(out)


def _read_varint(buf, pos, end):
    shift = result = 0
    while True:
        if pos >= end or shift > 63:
            raise WireError("truncated or overlong varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result & _MASK64, pos


def _signed(n, bits):
    n &= (1 << bits) - 1
    return n - (1 << bits) if n >> (bits - 1) else n


def _convert(kind, raw):
    if kind == "int32":
        return _signed(raw, 32)
    if kind.startswith("enum:"):
        return _signed(raw, 32)
    if kind == "int64":
        return _signed(raw, 64)
    if kind == "bool":
        return raw != 0
    return raw


def _read_scalar(kind, wire, buf, pos, end):
    if wire == _VARINT:
        raw, pos = _read_varint(buf, pos, end)
        return _convert(kind, raw), pos
    if wire == _I32:
        if pos + 4 > end:
            raise WireError("truncated fixed32")
        return struct.unpack_from("<f", buf, pos)[0], pos + 4
    if wire == _I64:
        if pos + 8 > end:
            raise WireError("truncated fixed64")
        return struct.unpack_from("<d", buf, pos)[0], pos + 8
    raise WireError(f"wire type {wire} for a {kind} field")


def _skip(wire, buf, pos, end):
    if wire == _VARINT:
        return _read_varint(buf, pos, end)[1]
    if wire == _I64:
        pos += 8
    elif wire == _I32:
        pos += 4
    elif wire == _LEN:
        n, pos = _read_varint(buf, pos, end)
        pos += n
    else:
        raise WireError(f"unsupported wire type {wire}")
    if pos > end:
        raise WireError("truncated field")
    return pos


def decode(message, data):
    """The dict that the wire bytes `data` encode as message `message`; WireError when they
    are not a complete, well-formed encoding of it."""
    buf = bytes(data)
    return _decode(message, buf, 0, len(buf))


def _decode(message, buf, pos, end):
    fields = MESSAGES[message]
    out = {}
    while pos < end:
        key, pos = _read_varint(buf, pos, end)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise WireError("field number 0")
        spec = fields.get(number)
        if spec is None:
            pos = _skip(wire, buf, pos, end)
            continue
        name, kind, label = spec
        expected = _wire_type(kind)
        if kind.startswith("message:") or kind == "string":
            if wire != _LEN:
                raise WireError(f"field {name}: wire type {wire}, expected {_LEN}")
            n, pos = _read_varint(buf, pos, end)
            stop = pos + n
            if stop > end:
                raise WireError(f"field {name}: truncated")
            if kind == "string":
                try:
                    value = buf[pos:stop].decode("utf-8")
                except UnicodeDecodeError:
                    raise WireError(f"field {name}: invalid UTF-8") from None
            else:
                value = _decode(kind[8:], buf, pos, stop)
            pos = stop
            values = [value]
        elif wire == _LEN and label == "repeated":      # a packed run of scalars
            n, pos = _read_varint(buf, pos, end)
            stop = pos + n
            if stop > end:
                raise WireError(f"field {name}: truncated")
            values = []
            while pos < stop:
                v, pos = _read_scalar(kind, expected, buf, pos, stop)
                values.append(v)
        else:
            if wire != expected:
                raise WireError(f"field {name}: wire type {wire}, expected {expected}")
            v, pos = _read_scalar(kind, wire, buf, pos, end)
            values = [v]
        if label == "repeated":
            out.setdefault(name, []).extend(values)
        else:
            value = values[-1]
            if kind.startswith("message:") and isinstance(out.get(name), dict):
                value = {**out[name], **value}      # protobuf merges a repeated sub-message
            out[name] = value
    if pos != end:
        raise WireError("truncated message")
    for number, (name, kind, label) in fields.items():
        if label == "required" and name not in out:
            raise WireError(f"{message}: required field {name} is missing")
    return out
