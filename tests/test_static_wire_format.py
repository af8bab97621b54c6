"""The hand-written protobuf wire codec (paddle_compat/_static/wire_format.py) over framework.proto's
tables (framework_proto.py): Paddle's own ProgramDesc bytes decode and encode back byte for byte;
malformed bytes raise WireError."""
import os
import struct

import pytest
from hypothesis import given, strategies as st

from paddle_compat._static.framework_proto import ATTR_TYPE, MESSAGES, VAR_TYPE
from paddle_compat._static.wire_format import WireError, decode, encode
from tests._program_files_goldens import GOLDEN_DIR, golden_bytes, recorder

FILES = sorted(f for f in os.listdir(GOLDEN_DIR) if f.endswith((".program", ".pdmodel")))


@pytest.mark.parametrize("name", FILES)
def test_paddles_files_decode_and_encode_back_byte_for_byte(name):
    data = golden_bytes(name)
    msg = decode("ProgramDesc", data)
    assert encode("ProgramDesc", msg) == data
    assert msg["version"] == {"version": 3003001}
    assert msg["blocks"][0]["idx"] == 0 and msg["blocks"][0]["parent_idx"] == -1


def test_field_numbers_are_framework_protos():
    # a few that programs depend on (read from Paddle 3.3.1's framework_pb2 descriptors)
    assert MESSAGES["OpDesc"][3] == ("type", "string", "required")
    assert MESSAGES["OpDesc.Attr"][19] == ("float64", "double", "optional")
    assert MESSAGES["VarType"][3][0] == "dense_tensor"
    assert MESSAGES["ProgramDesc"][5][0] == "op_version_map" and 2 not in MESSAGES["ProgramDesc"]
    assert ATTR_TYPE["LONGS"] == 11 and ATTR_TYPE["FLOAT64"] == 15
    assert VAR_TYPE["DENSE_TENSOR_ARRAY"] == 13 and VAR_TYPE["FETCH_LIST"] == 10


def test_scalars_encode_as_protobuf_does():
    # int32 -1: a 10-byte two's complement varint; float: fixed32; double: fixed64
    assert encode("BlockDesc", {"idx": 0, "parent_idx": -1}) == \
        b"\x08\x00\x10" + b"\xff" * 9 + b"\x01"
    attr = {"name": "a", "type": ATTR_TYPE["FLOAT"], "f": 0.5}
    assert encode("OpDesc.Attr", attr) == b"\n\x01a\x10\x01%" + struct.pack("<f", 0.5)
    attr = {"name": "a", "type": ATTR_TYPE["FLOAT64"], "float64": 0.1}
    assert decode("OpDesc.Attr", encode("OpDesc.Attr", attr))["float64"] == 0.1
    attr = {"name": "a", "type": ATTR_TYPE["LONG"], "l": -(1 << 40)}
    assert decode("OpDesc.Attr", encode("OpDesc.Attr", attr))["l"] == -(1 << 40)


def test_packed_repeated_scalars_and_unknown_fields_are_read():
    # dims packed (proto3 writers do this) and an unknown field 9 (skipped, as protobuf does)
    packed = b"\x08\x05" + b"\x12\x03\x02\x03\x04" + b"\x48\x07"
    assert decode("VarType.TensorDesc", packed) == {"data_type": 5, "dims": [2, 3, 4]}


@pytest.mark.parametrize("data, why", [
    (b"\x08", "truncated"),                         # a key, no value
    (b"\x08\x05\x12\x05\x01", "truncated"),         # packed run longer than the data
    (b"\x10\x02", "required field data_type"),     # data_type missing
    (b"\x0d\x00\x00\x00\x00", "wire type 5"),       # data_type as fixed32
    (b"\x00\x00", "field number 0"),
    (b"\x08" + b"\xff" * 11, "overlong varint"),
])
def test_malformed_bytes_raise_wire_error(data, why):
    with pytest.raises(WireError, match=why):
        decode("VarType.TensorDesc", data)


def test_every_truncation_inside_a_block_is_refused():
    data = golden_bytes("fc_relu.pdmodel")
    # field 1 (blocks), length-delimited: its length varint follows the key byte
    length, shift, pos = 0, 0, 1
    while True:
        byte = data[pos]
        length |= (byte & 0x7F) << shift
        pos, shift = pos + 1, shift + 7
        if not byte & 0x80:
            break
    end = pos + length
    for cut in range(1, end, 7):
        with pytest.raises(WireError):
            decode("ProgramDesc", data[:cut])


def test_invalid_utf8_in_a_string_is_refused():
    with pytest.raises(WireError, match="UTF-8"):
        decode("OpDesc.Var", b"\n\x02\xff\xfe")


_names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)


@given(name=_names, i=st.integers(-(1 << 31), (1 << 31) - 1),
       longs=st.lists(st.integers(-(1 << 63), (1 << 63) - 1), max_size=4),
       floats=st.lists(st.floats(width=32, allow_nan=False), max_size=4),
       b=st.booleans(), strings=st.lists(_names, max_size=3))
def test_attr_messages_round_trip(name, i, longs, floats, b, strings):
    msg = {"name": name, "type": ATTR_TYPE["INTS"], "i": i, "b": b}
    if longs:
        msg["longs"] = longs
    if floats:
        msg["floats"] = floats
    if strings:
        msg["strings"] = strings
    assert decode("OpDesc.Attr", encode("OpDesc.Attr", msg)) == msg


def test_recorder_programs_are_the_goldens_programs():
    assert recorder().NAMES == sorted(n[:-len(".program")] for n in FILES
                                      if n.endswith(".program"))
